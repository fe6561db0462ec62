/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest, isCrossSiteMutation, isProxiedPath } from '@/lib/api/forward';

/** A fake federation API on a random loopback port that records what reached it. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
  bodyText: string;
}
let server: http.Server;
let upstream: string;
let seen: Seen[] = [];
let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void;
let onFirstBytes: (() => void) | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      onFirstBytes?.();
      onFirstBytes = null;
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        bodyBytes: body.length,
        bodyText: body.length < 10_000 ? body.toString('utf8') : '',
      });
      reply(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  };
});

const APP = 'http://app.example:3000';
const CLEAR = 'auth=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Lax';

function browserRequest(path: string, init: RequestInit & { duplex?: 'half' } = {}) {
  return new Request(`${APP}/admin${path}`, init);
}

describe('forwardRequest', () => {
  it('sends the same path and query to the API with the session token and the client address, never the cookie', async () => {
    const res = await forwardRequest(
      browserRequest('/api/v1/admin/members/search?name=Hub&roles=1', {
        headers: { cookie: 'auth=sealed-secret', authorization: 'Bearer forged', accept: 'application/json' },
      }),
      { upstream, path: '/api/v1/admin/members/search', token: 'jwt-123', clientIp: '203.0.113.7' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/api/v1/admin/members/search?name=Hub&roles=1');
    expect(seen[0].headers.authorization).toBe('Bearer jwt-123');
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(seen[0].headers.cookie).toBeUndefined();
  });

  it.each([
    ['POST', '/api/v1/auth/login'],
    ['PUT', '/api/v1/auth/update_password'],
    ['POST', '/api/v1/auth/logout'],
    ['POST', '/api/v1/%61uth/login'],
    ['POST', '/api/v1//auth/login'],
    ['POST', '/api/v1/AUTH/login'],
    ['POST', '/api/v1/%E0%A4%A/login'],
  ])('never lets the browser reach the session calls that answer API tokens: %s %s → 404, nothing sent', async (method, path) => {
    reply = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jwtToken":"eyJ.secret.token"}');
    };
    const res = await forwardRequest(
      browserRequest(path, { method, headers: { 'content-type': 'application/json' }, body: '{"email":"a@b.c","password":"x"}' }),
      { upstream, path, token: 'jwt-123' },
    );
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('jwtToken');
    expect(seen).toHaveLength(0);
  });

  it('sends the literal NONE when signed out', async () => {
    await forwardRequest(browserRequest('/api/v1/getUser'), { upstream, path: '/api/v1/getUser' });
    expect(seen[0].headers.authorization).toBe('Bearer NONE');
  });

  it('keeps Content-Length, Content-Type and Content-Disposition of a download and its bytes', async () => {
    const pdf = Buffer.alloc(300_000, 7);
    reply = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': 'attachment; filename="Invoice-12-34.pdf"',
      });
      res.end(pdf);
    };
    const res = await forwardRequest(browserRequest('/api/v1/reports/invoice?order=34'), {
      upstream,
      path: '/api/v1/reports/invoice',
      token: 't',
    });
    expect(res.headers.get('content-length')).toBe(String(pdf.length));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Invoice-12-34.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it.each([
    [400, { error: { code: 'validation', message: 'bad', field: 'email' } }],
    [403, { error: { code: 'forbidden', message: 'not yours' } }],
    [409, { error: { code: 'stale', message: 'changed', value: '2026-01-01T00:00:00Z' } }],
    [413, { error: { code: 'too_large', message: 'max 50 MB' } }],
  ])('passes status %i and the JSON error body through unchanged', async (status, body) => {
    reply = (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const res = await forwardRequest(
      browserRequest('/api/v1/admin/member', { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } }),
      { upstream, path: '/api/v1/admin/member', token: 't', clearSessionCookie: CLEAR },
    );
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('ends the session when the API answers 401, and still passes its body', async () => {
    reply = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"unauthorized","message":"expired"}}');
    };
    const res = await forwardRequest(browserRequest('/api/v1/getUser'), {
      upstream,
      path: '/api/v1/getUser',
      token: 'expired',
      clearSessionCookie: CLEAR,
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBe(CLEAR);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'expired' } });
  });

  it('does not pass cookies set by the API on to the browser', async () => {
    reply = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': 'tracking=1' });
      res.end('x');
    };
    const res = await forwardRequest(browserRequest('/api/v1/getUser'), { upstream, path: '/api/v1/getUser' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('streams a large multipart upload to the API byte for byte', async () => {
    const size = 20 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024).fill(65);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const res = await forwardRequest(
      browserRequest('/api/v1/profile/image/5', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz', origin: APP, 'sec-fetch-site': 'same-origin' },
      }),
      { upstream, path: '/api/v1/profile/image/5', token: 't' },
    );
    expect(res.status).toBe(200);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].bodyBytes).toBe(size);
    expect(seen[0].headers['content-type']).toBe('multipart/form-data; boundary=xyz');
  });

  it('passes upload bytes on before the browser has sent the whole body (no buffering)', async () => {
    const arrived = new Promise<void>((resolve) => (onFirstBytes = resolve));
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        step += 1;
        if (step === 1) return controller.enqueue(new Uint8Array(64 * 1024).fill(1));
        // The rest only comes once the API has seen the first part: a buffering proxy would hang here.
        await arrived;
        controller.enqueue(new Uint8Array(64 * 1024).fill(2));
        controller.close();
      },
    });
    const res = await forwardRequest(browserRequest('/api/v1/profile/image/5', { method: 'POST', body, duplex: 'half' }), {
      upstream,
      path: '/api/v1/profile/image/5',
      token: 't',
    });
    expect(res.status).toBe(200);
    expect(seen[0].bodyBytes).toBe(128 * 1024);
  }, 5000);

  it('passes the declared Content-Length of an upload on, so the API can refuse an oversized file early', async () => {
    const bytes = new Uint8Array(1000).fill(3);
    await forwardRequest(
      browserRequest('/api/v1/profile/image/5', {
        method: 'POST',
        body: new Blob([bytes]).stream(),
        duplex: 'half',
        headers: { 'content-length': '1000', 'content-type': 'image/png' },
      }),
      { upstream, path: '/api/v1/profile/image/5', token: 't' },
    );
    expect(seen[0].headers['content-length']).toBe('1000');
    expect(seen[0].bodyBytes).toBe(1000);
  });

  it('answers 502 in the error shape when the API is down', async () => {
    const res = await forwardRequest(browserRequest('/api/v1/getUser'), {
      upstream: 'http://127.0.0.1:9',
      path: '/api/v1/getUser',
    });
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('bad_gateway');
  });
});

describe('cross-site refusal', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuses a cross-site %s with 403 before the API sees it', async (method) => {
    const res = await forwardRequest(
      browserRequest('/api/v1/admin/member/9', { method, body: '{}', headers: { 'sec-fetch-site': 'cross-site' } }),
      { upstream, path: '/api/v1/admin/member/9', token: 't' },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'cross_site', message: expect.any(String) } });
    expect(seen).toHaveLength(0);
  });

  it('refuses a mutating request whose Origin is another host', async () => {
    const res = await forwardRequest(
      browserRequest('/api/v1/admin/member', { method: 'POST', body: '{}', headers: { origin: 'https://evil.example' } }),
      { upstream, path: '/api/v1/admin/member', token: 't' },
    );
    expect(res.status).toBe(403);
    expect(seen).toHaveLength(0);
  });

  it('lets a same-origin mutating request through', async () => {
    const res = await forwardRequest(
      browserRequest('/api/v1/admin/member', {
        method: 'POST',
        body: '{"a":1}',
        headers: { origin: APP, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      }),
      { upstream, path: '/api/v1/admin/member', token: 't' },
    );
    expect(res.status).toBe(200);
    expect(seen[0].bodyText).toBe('{"a":1}');
  });

  it('does not refuse reads from elsewhere (images embedded by the app itself)', () => {
    expect(isCrossSiteMutation(browserRequest('/api/v1/x', { headers: { 'sec-fetch-site': 'cross-site' } }))).toBe(false);
  });

  it('accepts the forwarded host of a reverse proxy as the own host', () => {
    const req = new Request('http://127.0.0.1:3000/admin/api/v1/x', {
      method: 'POST',
      headers: { origin: 'https://verband.example', 'x-forwarded-host': 'verband.example' },
    });
    expect(isCrossSiteMutation(req)).toBe(false);
  });

  it('refuses an opaque (null) origin', () => {
    expect(isCrossSiteMutation(browserRequest('/api/v1/x', { method: 'POST', headers: { origin: 'null' } }))).toBe(true);
  });
});

describe('what the proxy forwards', () => {
  it('only the REST contract: the API reference, its OpenAPI document and health stay internal', () => {
    for (const path of ['/api/v1/admin/members/search', '/api/v2/x/y', '/api/V1/getUser']) expect(isProxiedPath(path)).toBe(true);
    for (const path of [
      '/api/openapi.json',
      '/api/docs',
      '/api/docs/',
      '/api/health',
      '/api/%6fpenapi.json',
      '/api/v1',
      '/api/v1/',
      '/api//docs',
      '/api/v1/../docs',
      '/api/v1/%2e%2e/docs',
      '/api/%E0%A4%A',
    ])
      expect(isProxiedPath(path)).toBe(false);
  });

  it('answers 404 in the error shape for the API reference and document, signed in or not, without asking the API', async () => {
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const before = seen.length;
      const res = await forwardRequest(browserRequest(path), { upstream, path, token: 'jwt' });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
      expect(seen.length).toBe(before);
    }
  });
});
