import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors';

/**
 * A JSON body is checked once, before any route reads it: no record of this API nests deeper
 * than a few levels or has more than a few hundred keys, and no key may be `__proto__`,
 * `constructor` or `prototype` (merging such a body into a stored record would change what every
 * object inherits). Anything else is refused with 422 before it reaches a service, so nothing
 * is written. Malformed JSON is left to the route's validator (400).
 */

/** Deepest nesting of objects and arrays a body may have (the deepest record today needs 3). */
export const MAX_BODY_DEPTH = 32;
/** Most keys and array entries a body may have in all (a member record has about 30). */
export const MAX_BODY_ENTRIES = 10_000;
/** Keys that reach an object's prototype when a body is merged into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type Refusal = { message: string; field?: string };

/** The first rule the parsed body breaks, or null. Stops at the depth cap, so a deep body costs little. */
export function unsafeBodyReason(body: unknown): Refusal | null {
  let entries = 0;
  const stack: { value: unknown; depth: number; path: string[] }[] = [{ value: body, depth: 0, path: [] }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return { message: `The request body nests deeper than ${MAX_BODY_DEPTH} levels`, field: path.join('.') || undefined };
    const keys = Object.keys(value);
    entries += keys.length;
    if (entries > MAX_BODY_ENTRIES) return { message: `The request body has more than ${MAX_BODY_ENTRIES} keys and entries` };
    for (const key of keys) {
      if (!Array.isArray(value) && FORBIDDEN_KEYS.has(key)) {
        return { message: `The key "${key}" is not allowed in a request body`, field: [...path, key].join('.') };
      }
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: [...path, key] });
    }
  }
  return null;
}

export const refuseUnsafeBodies: MiddlewareHandler = async (c, next) => {
  if (/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    const text = await c.req.text(); // cached by Hono: the validator reads the same body again
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined; // malformed JSON: the route's validator refuses it
    }
    const refusal = unsafeBodyReason(body);
    if (refusal) throw new ApiError(422, 'unsafe_body', refusal.message, { field: refusal.field });
  }
  await next();
};
