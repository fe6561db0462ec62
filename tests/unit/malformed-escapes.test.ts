/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApiProxy } from '@/lib/api/proxy-handler';
import { hasMalformedEscape } from '@/lib/api/url-escapes';

/** A broken percent-escape in an admin URL or in the session cookie is a 4xx, never a 500/502. */

describe('hasMalformedEscape', () => {
  it('finds the broken escape of /admin/form/O11/F51/%E0%A4%A and passes good ones', () => {
    expect(hasMalformedEscape('/admin/form/O11/F51/%E0%A4%A')).toBe(true);
    expect(hasMalformedEscape('/admin/form/%')).toBe(true);
    expect(hasMalformedEscape('/admin/form/O11/F51/%E0%A4%A4')).toBe(false);
    expect(hasMalformedEscape('/admin/form/O11/F51')).toBe(false);
  });
});

describe('API proxy with a garbled session cookie', () => {
  let server: http.Server;
  let seenAuthorization: string | undefined | null = null;
  const env = { ...process.env };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seenAuthorization = req.headers.authorization;
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'Sign-in required' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.SESSION_SECRET = 'x'.repeat(40);
  });
  afterAll(async () => {
    process.env = env;
    await new Promise((resolve) => server.close(resolve));
  });

  it('treats the cookie as no session: the API answers 401 (was a 502)', async () => {
    const request = new Request('http://localhost/admin/api/v1/getUser', { headers: { cookie: 'auth=%E0%A4%A; other=1' } });
    const response = await handleApiProxy(request, '/api/v1/getUser');
    expect(response.status).toBe(401);
    expect(seenAuthorization).not.toMatch(/^Bearer ey/); // no token from the garbled cookie
    expect((await response.json()).error.code).toBe('unauthorized');
  });
});
