/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sealData } from 'iron-session';
import { forwardNode } from '@/lib/api/forward-node';
import { handleNodeApiProxy } from '@/lib/api/proxy-handler';
import { forgetOpenedSessions, readSessionCookie, sealExpiry } from '@/lib/session-cookie';

/** The admin server's proxy path (node:http) between a fake browser and a fake federation API. */
const CLEAR = 'auth=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Lax';
const SECRET = 'node-proxy-secret-node-proxy-secret-0123';

let api: http.Server;
let apiUrl: string;
let admin: http.Server;
let adminUrl: string;
let seen: { method: string; url: string; headers: http.IncomingHttpHeaders; bytes: number }[] = [];
let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void;
let onFirstBytes: (() => void) | null = null;
let useHandler = false;

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  api = http.createServer((req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      onFirstBytes?.();
      onFirstBytes = null;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes });
      reply(req, res);
    });
  });
  apiUrl = await listen(api);
  process.env.UPSTREAM_URL = apiUrl;
  admin = http.createServer((req, res) => {
    const path = `/api/${(req.url ?? '/').split('?')[0].slice('/admin/api/'.length)}`;
    if (useHandler) return void handleNodeApiProxy(req, res, path);
    void forwardNode(req, res, { upstream: apiUrl, path, token: 'jwt-1', clientIp: '203.0.113.9', clearSessionCookie: CLEAR });
  });
  adminUrl = await listen(admin);
});
afterAll(async () => {
  await new Promise((r) => api.close(r));
  await new Promise((r) => admin.close(r));
});
beforeEach(() => {
  seen = [];
  useHandler = false;
  reply = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  };
});

describe('forwardNode (the admin server proxy)', () => {
  it('sends path, query, token and client address on, never the cookie or the browser’s Authorization', async () => {
    const res = await fetch(`${adminUrl}/admin/api/v1/admin/members/search?name=Hub`, {
      headers: { cookie: 'auth=sealed', authorization: 'Bearer forged' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen[0].url).toBe('/api/v1/admin/members/search?name=Hub');
    expect(seen[0].headers.authorization).toBe('Bearer jwt-1');
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen[0].headers.cookie).toBeUndefined();
  });

  it('keeps Content-Length and Content-Disposition of a download and its bytes', async () => {
    const pdf = Buffer.alloc(300_000, 7);
    reply = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': 'attachment; filename="a.pdf"',
      });
      res.end(pdf);
    };
    const res = await fetch(`${adminUrl}/admin/api/v1/reports/invoice?order=3`);
    expect(res.headers.get('content-length')).toBe(String(pdf.length));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.pdf"');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
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
    const res = await fetch(`${adminUrl}/admin/api/v1/profile/image/5`, {
      method: 'POST',
      body,
      // @ts-expect-error Node's fetch needs duplex for streamed request bodies.
      duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(200);
    expect(seen[0].bytes).toBe(128 * 1024);
    expect(seen[0].headers['content-type']).toBe('multipart/form-data; boundary=x');
  }, 5000);

  it('ends the session when the API answers 401 and still passes its body; drops the API’s own cookies', async () => {
    reply = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'set-cookie': 'tracking=1' });
      res.end('{"error":{"code":"unauthorized","message":"expired"}}');
    };
    const res = await fetch(`${adminUrl}/admin/api/v1/getUser`);
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie()).toEqual([CLEAR]);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it('refuses a cross-site upload with 403 before the API sees it', async () => {
    const res = await fetch(`${adminUrl}/admin/api/v1/profile/image/5`, {
      method: 'POST',
      body: 'x'.repeat(1000),
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site');
    expect(seen).toHaveLength(0);
  });

  it('never reaches the session calls or the API reference (404, nothing sent)', async () => {
    for (const path of ['/admin/api/v1/auth/login', '/admin/api/v1/%61uth/login', '/admin/api/docs', '/admin/api/v1/a/../auth/login']) {
      const res = await fetch(`${adminUrl}${path}`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    }
    expect(seen).toHaveLength(0);
  });

  it('answers 502 in the error shape when the API is down', async () => {
    const down = http.createServer((req, res) => void forwardNode(req, res, { upstream: 'http://127.0.0.1:9', path: '/api/v1/getUser' }));
    const url = await listen(down);
    const res = await fetch(`${url}/admin/api/v1/getUser`);
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('bad_gateway');
    await new Promise((r) => down.close(r));
  });

  it('sends the token sealed in the session cookie, and NONE for a forged one', async () => {
    useHandler = true;
    const sealed = await sealData({ token: 'jwt-from-cookie' }, { password: SECRET });
    await fetch(`${adminUrl}/admin/api/v1/getUser`, { headers: { cookie: `auth=${encodeURIComponent(sealed)}` } });
    await fetch(`${adminUrl}/admin/api/v1/getUser`, { headers: { cookie: 'auth=Fe26.2*forged' } });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer jwt-from-cookie', 'Bearer NONE']);
  });
});

describe('remembered session cookies', () => {
  beforeEach(() => forgetOpenedSessions());

  it('reads the seal’s expiry', async () => {
    const before = Date.now();
    const sealed = await sealData({ token: 't' }, { password: SECRET, ttl: 120 });
    expect(sealExpiry(sealed)).toBeGreaterThanOrEqual(before + 120_000);
    expect(sealExpiry('garbage')).toBeNull();
  });

  it('does not remember a cookie past its seal’s expiry', async () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const sealed = await sealData({ token: 'short' }, { password: SECRET, ttl: 1 });
      // 40 s after sealing: expired, but iron still accepts it within its 60 s allowance for clock skew.
      jest.setSystemTime(Date.now() + 40_000);
      expect((await readSessionCookie(sealed))?.token).toBe('short');
      // 25 s later iron refuses it; 30 s of memory would still have answered the token.
      jest.setSystemTime(Date.now() + 25_000);
      expect(await readSessionCookie(sealed)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('never opens a cookie sealed with another secret, remembered or not', async () => {
    const sealed = await sealData({ token: 'mine' }, { password: SECRET });
    expect((await readSessionCookie(sealed))?.token).toBe('mine');
    process.env.SESSION_SECRET = 'another-secret-another-secret-another-0';
    try {
      expect(await readSessionCookie(sealed)).toBeNull();
    } finally {
      process.env.SESSION_SECRET = SECRET;
    }
  });
});
