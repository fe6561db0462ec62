/** @jest-environment node */
import { pageBodyRefusal, SERVER_ACTION_BODY_LIMIT_BYTES } from '@/lib/page-body-limit';

// Plain JavaScript without type declarations: loaded by a path TypeScript does not resolve.
const NEXT_CONFIG: string = '../../next.config.mjs';
const BYTES: string = 'next/dist/compiled/bytes';

/** A server-action body over Next's limit is a 413 in the error shape (Next's own answer is 500). */

it('is the limit Next is configured with (next.config.mjs serverActions.bodySizeLimit)', async () => {
  const config = (await import(NEXT_CONFIG)).default as { experimental?: { serverActions?: { bodySizeLimit?: string } } };
  const bytes = (await import(BYTES)).default as { parse: (v: string) => number };
  expect(bytes.parse(config.experimental!.serverActions!.bodySizeLimit!)).toBe(SERVER_ACTION_BODY_LIMIT_BYTES);
});

describe('pageBodyRefusal', () => {
  it('refuses a declared length over the limit with 413', () => {
    const refusal = pageBodyRefusal('POST', { 'content-length': String(SERVER_ACTION_BODY_LIMIT_BYTES + 1), 'next-action': 'x' });
    expect(refusal).toEqual({
      status: 413,
      body: { error: { code: 'too_large', message: expect.any(String), value: SERVER_ACTION_BODY_LIMIT_BYTES } },
    });
    expect(pageBodyRefusal('POST', { 'content-length': 'abc' })?.status).toBe(413);
  });

  it('lets a body up to the limit, and reads, through', () => {
    expect(pageBodyRefusal('POST', { 'content-length': String(SERVER_ACTION_BODY_LIMIT_BYTES) })).toBeNull();
    expect(pageBodyRefusal('GET', { 'content-length': '999999999' })).toBeNull();
    expect(pageBodyRefusal('POST', {})).toBeNull();
  });

  it('refuses a chunked body of unknown length with 411', () => {
    expect(pageBodyRefusal('POST', { 'transfer-encoding': 'chunked' })?.status).toBe(411);
  });
});
