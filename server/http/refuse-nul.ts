import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors';

/**
 * No text of this API may contain a NUL character: PostgreSQL cannot store one in text and no
 * field needs it. Checked once for every request, before any handler: in the path or query
 * string → 400, in a JSON body → 422 with the field. A malformed percent-escape in the URL → 400.
 */

const NUL = '\u0000';

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new ApiError(400, 'bad_request', 'The URL contains a malformed percent-escape');
  }
}

/** Dotted path of the first string (or key) holding a NUL, or null. */
function nulPath(value: unknown, at: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? at : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes(NUL)) return [...at, key];
      const found = nulPath(inner, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

export const refuseNulCharacters: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  if (decoded(url.pathname).includes(NUL) || decoded(url.search).includes(NUL)) {
    throw new ApiError(400, 'invalid_character', 'The URL must not contain a NUL character');
  }
  if (/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    const text = await c.req.text(); // cached by Hono: the validator reads the same body again
    if (text.includes('u0000') || text.includes(NUL)) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined; // malformed JSON: the route's validator refuses it
      }
      const at = nulPath(body);
      if (at) throw new ApiError(422, 'invalid_character', 'Text must not contain a NUL character', { field: at.join('.') || undefined });
    }
  }
  await next();
};
