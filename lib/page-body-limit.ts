/**
 * A request to a page carries a body only as a server action (a save, a sign-in), and Next reads
 * at most `experimental.serverActions.bodySizeLimit` of it (next.config.mjs, kept equal to the
 * constant below by a test). Next itself answers a larger body with 500: the admin server
 * answers it with 413 in the error shape before Next reads anything. A body whose length is not
 * declared (chunked) cannot be measured up front and is refused with 411; browsers always declare
 * the length of a server action's body.
 */

/** The largest server-action body, in bytes (next.config.mjs: bodySizeLimit '2mb'). */
export const SERVER_ACTION_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

type Headers = Record<string, string | string[] | undefined>;

export type PageBodyRefusal = { status: 411 | 413; body: { error: { code: string; message: string; value?: number } } };

/** The refusal for a request to a page whose body is too large or of unknown length, or null. */
export function pageBodyRefusal(method: string | undefined, headers: Headers): PageBodyRefusal | null {
  if (['GET', 'HEAD', 'OPTIONS'].includes((method ?? 'GET').toUpperCase())) return null;
  const declared = headers['content-length'];
  const chunked = /\bchunked\b/i.test([headers['transfer-encoding'] ?? []].flat().join(','));
  if (declared === undefined) {
    if (!chunked) return null;
    return {
      status: 411,
      body: { error: { code: 'length_required', message: 'A request body to the admin app must declare its length' } },
    };
  }
  const length = Number([declared].flat()[0]);
  if (Number.isFinite(length) && length <= SERVER_ACTION_BODY_LIMIT_BYTES) return null;
  return {
    status: 413,
    body: { error: { code: 'too_large', message: 'The request body is too large', value: SERVER_ACTION_BODY_LIMIT_BYTES } },
  };
}
