/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sealData } from 'iron-session';
import { loadShell } from '@/components/shell/load-shell';

/*
 * What a signed-in page does first: getUser + systemroles with the session's token, against a fake
 * API. In a server component cookies are read-only, so an ended token must go through the route
 * that clears the cookie.
 */
const SECRET = 'load-shell-secret-load-shell-secret-0123';
let sealed = '';
jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (name === 'auth' && sealed ? { name, value: sealed } : undefined),
    set: () => {
      throw new Error('Cookies can only be modified in a Server Action or Route Handler.');
    },
  }),
  headers: async () => new Headers({ 'x-forwarded-for': '10.0.0.1, 203.0.113.9' }),
}));
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));

let status = 200;
const roles = [{ funkId: 51, functionName: 'Mitglieder', orgId: 5, funkMgId: 1, orgLevel: 3 }];
// an answer as an API without systemRoles in getUser gives it: the app checks it against the API's own schema
const upstreamUser = {
  mg_id: 3,
  imageLink: null,
  rolesOrg: [{ trainerOrg: [] }, { adminOrg: [] }, { tunierAdmin: [] }],
  givenName: 'Anna',
  familyName: 'Kovačević',
  birthDate: '1980-04-12',
  gender: 'w',
  nationality: null,
  email: 'a@b.at',
  cellPhone: null,
  companyPhone: null,
  jr_id: null,
  ext_id: null,
  city: null,
  address: null,
  zip: null,
  sysconfig: { EMAIL_REPLY_TO: [] },
};
// our API's getUser carries the system roles
let user: object = { ...upstreamUser, systemRoles: roles };
const seen: { url?: string; auth?: string; xff?: string }[] = [];
let server: http.Server;
beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  server = http.createServer((req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization, xff: req.headers['x-forwarded-for'] as string });
    res.writeHead(status, { 'content-type': 'application/json' });
    if (status !== 200) return res.end('{"error":{"code":"unauthorized","message":"expired"}}');
    if (req.url === '/api/v1/getUser') return res.end(JSON.stringify(user));
    res.end(JSON.stringify(roles));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(async () => {
  seen.length = 0;
  status = 200;
  user = { ...upstreamUser, systemRoles: roles };
  sealed = await sealData({ token: 'jwt-1', email: 'a@b.at' }, { password: SECRET });
});

describe('loadShell', () => {
  it('reads profile and system roles in one call, with the bearer token and the client address', async () => {
    const { user, systemRoles } = await loadShell();
    expect(user.mg_id).toBe(3);
    expect(systemRoles).toEqual(roles);
    expect(seen.map((s) => s.url)).toEqual(['/api/v1/getUser']);
    expect(seen[0].auth).toBe('Bearer jwt-1');
    // the right-most entry: the address the nearest proxy saw
    expect(seen[0].xff).toBe('203.0.113.9');
  });

  it('asks /admin/systemroles when getUser leaves the roles out', async () => {
    user = upstreamUser;
    const { systemRoles } = await loadShell();
    expect(systemRoles).toEqual(roles);
    expect(seen.map((s) => s.url).sort()).toEqual(['/api/v1/admin/systemroles', '/api/v1/getUser']);
    expect(seen.every((s) => s.auth === 'Bearer jwt-1')).toBe(true);
  });

  it('sends the user to the route that ends the session when the API answers 401', async () => {
    status = 401;
    await expect(loadShell()).rejects.toThrow('REDIRECT /session-expired');
  });

  it('sends NONE without a session', async () => {
    sealed = '';
    status = 401;
    await expect(loadShell()).rejects.toThrow('REDIRECT /session-expired');
    expect(seen[0].auth).toBe('Bearer NONE');
  });
});
