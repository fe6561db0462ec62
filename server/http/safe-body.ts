import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors';

/**
 * The rules every JSON body of this API keeps, checked in this one place before any route reads
 * the body (the size limit runs before it):
 * - no record nests deeper than a few levels or has more than a few thousand keys and entries;
 * - no key is `__proto__`, `constructor` or `prototype` (merging such a body into a stored record
 *   would change what every object inherits);
 * - no text, key or value, holds a NUL character (PostgreSQL cannot store one and no field needs
 *   it) or a lone UTF-16 surrogate (it is not a character: stored, it would silently become `�`).
 * A body that breaks one is refused with 422 and, where there is one, the field's dotted path,
 * before it reaches a service, so nothing is written. Malformed JSON is left to the route's
 * validator (400).
 *
 * Every walk here is iterative and stops at the first refusal: the nesting is measured on the raw
 * text before it is parsed, so a body nested hundreds of thousands of levels deep costs one pass
 * over its characters and is never parsed or walked.
 */

/** Deepest nesting of objects and arrays a body may have (the deepest record today needs 3). */
export const MAX_BODY_DEPTH = 32;
/** Most keys and array entries a body may have in all (a member record has about 30). */
export const MAX_BODY_ENTRIES = 10_000;
/** Keys that reach an object's prototype when a body is merged into another object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A JSON media type as Hono's validators read it: `application/json`, `application/x+json` … */
const JSON_MEDIA_TYPE = /^\s*application\/(?:[\w.-]+\+)?json\b/i;

type Refusal = { code: 'unsafe_body' | 'invalid_character'; message: string; field?: string };

const tooDeep = (field?: string): Refusal => ({
  code: 'unsafe_body',
  message: `The request body nests deeper than ${MAX_BODY_DEPTH} levels`,
  field,
});

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** Whether the JSON text opens more than MAX_BODY_DEPTH arrays and objects at once (strings skipped). */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (OPENERS.has(ch)) {
      if (++depth > MAX_BODY_DEPTH) return true;
    } else if (CLOSERS.has(ch)) depth--;
  }
  return false;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one text of a body (a key, a string value, a form field or file name), or null. */
export function textRefusal(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'Text must not contain a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)';
  return null;
}

/** One value on the walk; the path is rebuilt from `parent` only for a refusal, never copied. */
type Visit = { value: unknown; depth: number; key: string | null; parent: Visit | null };

function pathOf(visit: Visit, lastKey?: string): string | undefined {
  const keys: string[] = lastKey === undefined ? [] : [lastKey];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) keys.push(v.key);
  return keys.length > 0 ? keys.reverse().join('.') : undefined;
}

/** The first rule the parsed body breaks, or null. Iterative, bounded by the depth and entry caps. */
export function unsafeBodyReason(body: unknown): Refusal | null {
  let entries = 0;
  const stack: Visit[] = [{ value: body, depth: 0, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      const message = textRefusal(value);
      if (message) return { code: 'invalid_character', message, field: pathOf(visit) };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return tooDeep(pathOf(visit));
    const keys = Object.keys(value);
    entries += keys.length;
    if (entries > MAX_BODY_ENTRIES)
      return { code: 'unsafe_body', message: `The request body has more than ${MAX_BODY_ENTRIES} keys and entries` };
    const isArray = Array.isArray(value);
    // Pushed in reverse, so the first offending field in document order is the one named.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      if (!isArray) {
        if (FORBIDDEN_KEYS.has(key)) {
          return { code: 'unsafe_body', message: `The key "${key}" is not allowed in a request body`, field: pathOf(visit, key) };
        }
        const message = textRefusal(key);
        if (message) return { code: 'invalid_character', message, field: pathOf(visit, key) };
      }
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, key, parent: visit });
    }
  }
  return null;
}

/** The refusal for a JSON body's text, or null; the nesting is checked before the text is parsed. */
export function unsafeJsonTextReason(text: string): Refusal | null {
  if (nestsTooDeep(text)) return tooDeep();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null; // malformed JSON: the route's validator refuses it
  }
  return unsafeBodyReason(body);
}

export const refuseUnsafeBodies: MiddlewareHandler = async (c, next) => {
  if (JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) {
    const text = await c.req.text(); // cached by Hono: the validator reads the same body again
    const refusal = unsafeJsonTextReason(text);
    if (refusal) throw new ApiError(422, refusal.code, refusal.message, { field: refusal.field });
  }
  await next();
};
