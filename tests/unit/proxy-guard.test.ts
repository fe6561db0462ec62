/** @jest-environment node */
import { sealData } from 'iron-session';
import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { config, proxy } from '@/proxy';

const SECRET = 'test-secret-test-secret-test-secret-0123';

beforeAll(() => {
  process.env.SESSION_SECRET = SECRET;
});

function request(path: string, cookie?: string) {
  return new NextRequest(`http://localhost:3000/admin${path}`, {
    headers: cookie ? { cookie } : {},
    nextConfig: { basePath: '/admin' },
  });
}

describe('proxy (signed-in routes)', () => {
  const matches = (path: string) =>
    unstable_doesMiddlewareMatch({ config, url: `http://localhost:3000/admin${path}`, nextConfig: { basePath: '/admin' } });

  it.each([
    '',
    '/',
    '/start',
    '/profile',
    '/inbox',
    '/form/O5',
    '/form/O5/F51/new',
    '/new-password',
    '/repair-password/abc',
    '/gibt-es-nicht',
  ])('runs for the page %s', (path) => expect(matches(path)).toBe(true));

  it.each(['/api/v1/profile/image/1', '/api/v1/admin/member/image', '/_next/static/chunks/main.js', '/icon.svg', '/favicon.ico'])(
    'never runs for %s (a matched body would be cut at 10 MB; assets need no policy)',
    (path) => expect(matches(path)).toBe(false),
  );

  it.each(['/', '/new-password', '/profile'])('gives the page %s a script nonce in its Content-Security-Policy', async (path) => {
    const sealed = await sealData({ token: 'jwt', email: 'a@b.at' }, { password: SECRET });
    const first = (await proxy(request(path, `auth=${sealed}`))).headers.get('content-security-policy')!;
    const second = (await proxy(request(path, `auth=${sealed}`))).headers.get('content-security-policy')!;
    expect(first).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(first).toContain("frame-ancestors 'none'");
    expect(first).toContain("object-src 'none'");
    expect(first).toContain("img-src 'self' blob: data: https://tile.openstreetmap.org");
    expect(first).not.toContain('unsafe-eval');
    // a fresh nonce for every answer
    expect(first.match(/nonce-([^']+)/)![1]).not.toBe(second.match(/nonce-([^']+)/)![1]);
  });

  it('does not guard the sign-in and password pages', async () => {
    const res = await proxy(request('/new-password'));
    expect(res.headers.get('location')).toBeNull();
  });

  it.each(['/profile', '/inbox', '/start', '/form/O5', '/form/O5/F51/new'])('sends a signed-out visitor of %s to sign-in', async (path) => {
    const res = await proxy(request(path));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get('location')!).pathname).toMatch(/^\/admin\/?$/);
  });

  it('treats a forged cookie as signed out', async () => {
    const res = await proxy(request('/profile', 'auth=Fe26.2*forged*cookie'));
    expect(res.status).toBe(307);
  });

  it('treats a cookie sealed with another secret as signed out', async () => {
    const other = await sealData({ token: 'jwt', email: 'a@b.at' }, { password: 'another-secret-another-secret-another-1' });
    const res = await proxy(request('/profile', `auth=${other}`));
    expect(res.status).toBe(307);
  });

  it('lets a signed-in user through', async () => {
    const sealed = await sealData({ token: 'jwt', email: 'a@b.at' }, { password: SECRET });
    const res = await proxy(request('/form/O5/F51', `auth=${sealed}`));
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('x-middleware-next')).toBe('1');
  });

  it('shows the sign-in page at /admin when signed out and the start page (app/start) at the same address when signed in', async () => {
    const signedOut = await proxy(request('/'));
    expect(signedOut.headers.get('x-middleware-next')).toBe('1');
    expect(signedOut.headers.get('x-middleware-rewrite')).toBeNull();

    const sealed = await sealData({ token: 'jwt', email: 'a@b.at' }, { password: SECRET });
    const signedIn = await proxy(request('/', `auth=${sealed}`));
    expect(signedIn.headers.get('location')).toBeNull();
    expect(new URL(signedIn.headers.get('x-middleware-rewrite')!).pathname).toMatch(/^\/admin\/start\/?$/);
  });
});

describe('proxy: a path Next cannot decode', () => {
  it('sends a signed-in user of /form/O11/F51/%E0%A4%A to the start page instead of rendering a 500', async () => {
    const sealed = await sealData({ token: 'jwt', email: 'a@b.at' }, { password: SECRET });
    const res = await proxy(request('/form/O11/F51/%E0%A4%A', `auth=${sealed}`));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get('location')!).pathname).toMatch(/^\/admin\/?$/);
  });
});
