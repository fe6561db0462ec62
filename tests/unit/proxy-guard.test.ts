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
  it('matches the form and profile routes, written without the basePath, and never /api', () => {
    expect(config.matcher).toEqual(['/form/:path*', '/profile']);
    expect(config.matcher.some((m) => m.includes('api'))).toBe(false);
  });

  it.each(['/profile', '/form/O5', '/form/O5/F51/new'])('sends a signed-out visitor of %s to sign-in', async (path) => {
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
});

describe('proxy: a path Next cannot decode', () => {
  it('sends a signed-in user of /form/O11/F51/%E0%A4%A to the start page instead of rendering a 500', async () => {
    const sealed = await sealData({ token: 'jwt', email: 'a@b.at' }, { password: SECRET });
    const res = await proxy(request('/form/O11/F51/%E0%A4%A', `auth=${sealed}`));
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get('location')!).pathname).toMatch(/^\/admin\/?$/);
  });
});
