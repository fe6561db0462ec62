/** @jest-environment node */
import { sealData } from 'iron-session';
import { NextRequest } from 'next/server';
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
  it('matches the start address and the signed-in routes, written without the basePath, and never /api', () => {
    expect(config.matcher).toEqual(['/', '/start', '/form/:path*', '/profile']);
    expect(config.matcher.some((m) => m.includes('api'))).toBe(false);
  });

  it.each(['/profile', '/start', '/form/O5', '/form/O5/F51/new'])('sends a signed-out visitor of %s to sign-in', async (path) => {
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
