import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors';

/**
 * No text of this API may contain a NUL character: PostgreSQL cannot store one and no field needs
 * it. The path and query string are checked here, once for every request before any handler
 * (a NUL → 400, a malformed percent-escape → 400; a lone surrogate cannot be percent-encoded
 * validly, so it is a malformed escape). JSON bodies keep the same rule in safe-body.ts.
 */

const NUL = '\u0000';

function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new ApiError(400, 'bad_request', 'The URL contains a malformed percent-escape');
  }
}

export const refuseUnsafeUrls: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  if (decoded(url.pathname).includes(NUL) || decoded(url.search).includes(NUL)) {
    throw new ApiError(400, 'invalid_character', 'The URL must not contain a NUL character');
  }
  await next();
};
