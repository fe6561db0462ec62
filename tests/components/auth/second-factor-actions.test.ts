/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sealData, unsealData } from 'iron-session';
import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import type { SessionData } from '@/lib/session-cookie';
import { signIn } from '@/components/auth/actions';
import { passkeySignIn, passkeySignInOptions, signInWithCode, signInWithRecoveryCode } from '@/components/auth/second-factor-actions';
import { confirmAuthenticator } from '@/components/shared/two-factor/enrolment-actions';

/*
 * The two-factor steps of the sign-in as server actions against a fake federation API on loopback: the boundary is HTTP, so lib/api,
 * lib/session and the actions run for real. Only Next's request context is replaced.
 */
const SECRET = 'actions-test-secret-actions-test-secret-0';
const jar = new Map<string, { value: string; maxAge?: number }>();
jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)!.value } : undefined),
    set: (name: string | { name: string; value: string }, value?: string, options?: { maxAge?: number }) => {
      if (typeof name === 'object') jar.set(name.name, { value: name.value });
      else jar.set(name, { value: value ?? '', maxAge: options?.maxAge });
    },
  }),
  headers: async () => new Headers({ 'x-forwarded-for': '198.51.100.23' }),
}));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => createTranslator({ locale: 'de', messages: de, namespace: namespace as never }),
}));
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw new Error(`REDIRECT ${to}`);
  },
}));

type Handler = (req: http.IncomingMessage, body: string) => { status: number; json?: unknown };
const calls: { method: string; url: string; auth?: string; xff?: string; body: string }[] = [];
let routes: Record<string, Handler> = {};
let server: http.Server;

beforeAll(async () => {
  process.env.SESSION_SECRET = SECRET;
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push({
        method: req.method!,
        url: req.url!,
        auth: req.headers.authorization,
        xff: req.headers['x-forwarded-for'] as string,
        body,
      });
      const route = routes[`${req.method} ${req.url}`];
      const answer = route ? route(req, body) : { status: 404, json: { error: { code: 'not_found', message: 'no route' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  jar.clear();
  calls.length = 0;
  routes = {};
});

const sessionCookie = async () => {
  const c = jar.get('auth');
  if (!c || !c.value) return null;
  return unsealData<SessionData>(c.value, { password: SECRET });
};

const roles = [{ funkId: 51, functionName: 'Mitglieder', orgId: 5, funkMgId: 9 }];
const half = (stage: 'verify' | 'enrol', methods: string[] = ['totp', 'recovery']) => ({
  token: 'half-token',
  stage,
  methods,
  email: 'land@example.org',
});
const withPending = async (stage: 'verify' | 'enrol') =>
  jar.set('auth', { value: await sealData({ pending: half(stage) }, { password: SECRET }) });

describe('sign-in with a second factor', () => {
  it('keeps only the half-signed-in state after the password, and says which step is due', async () => {
    routes['POST /api/v1/auth/login'] = () => ({
      status: 200,
      json: { pendingToken: 'half-token', stage: 'verify', methods: ['totp', 'recovery'], expiresAt: '2026-11-27T09:05:00Z' },
    });
    const result = await signIn({ email: 'land@example.org', password: 'Bogen2026!' });
    expect(result).toEqual({ ok: true, data: { secondFactor: { stage: 'verify', methods: ['totp', 'recovery'] } } });
    const session = await sessionCookie();
    expect(session?.token).toBeUndefined();
    expect(session?.pending).toEqual(half('verify'));
    // no permission check yet: the half token opens nothing
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/login']);
  });

  it('sends the code with the half-signed-in token and keeps the session it gives', async () => {
    await withPending('verify');
    routes['POST /api/v1/auth/two_factor/totp'] = () => ({ status: 200, json: { jwtToken: 'jwt-full' } });
    routes['GET /api/v1/admin/systemroles'] = () => ({ status: 200, json: roles });
    expect(await signInWithCode({ code: '123456' })).toEqual({ ok: true, data: null });
    expect(calls[0]).toMatchObject({ url: '/api/v1/auth/two_factor/totp', auth: 'Bearer half-token' });
    expect(JSON.parse(calls[0].body)).toEqual({ code: '123456' });
    expect(calls[1].auth).toBe('Bearer jwt-full');
    expect(await sessionCookie()).toEqual({ token: 'jwt-full', email: 'land@example.org' });
  });

  it('says a wrong or used code is wrong, under the field, and stays half signed in', async () => {
    await withPending('verify');
    routes['POST /api/v1/auth/two_factor/recovery'] = () => ({
      status: 400,
      json: { error: { code: 'invalid_code', message: 'no', field: 'code' } },
    });
    const result = await signInWithRecoveryCode({ code: 'ABCDE-FGHJK' });
    expect(result).toMatchObject({ ok: false, message: 'Der Code ist falsch oder wurde bereits verwendet!' });
    expect(!result.ok && result.fieldErrors).toEqual({ code: 'Der Code ist falsch oder wurde bereits verwendet!' });
    expect((await sessionCookie())?.pending).toEqual(half('verify'));
  });

  it('refuses a code that is not six digits without asking the API', async () => {
    await withPending('verify');
    const result = await signInWithCode({ code: '12 34' });
    expect(result).toMatchObject({ ok: false, code: 'validation' });
    expect(calls).toEqual([]);
  });

  it('sends back to the password when the half-signed-in state has expired, or there is none', async () => {
    await withPending('verify');
    routes['POST /api/v1/auth/two_factor/totp'] = () => ({ status: 401, json: { error: { code: 'unauthorized', message: 'expired' } } });
    expect(await signInWithCode({ code: '123456' })).toMatchObject({
      ok: false,
      message: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
    });
    jar.clear();
    calls.length = 0;
    expect(await signInWithCode({ code: '123456' })).toMatchObject({
      ok: false,
      message: 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
    });
    expect(calls).toEqual([]);
  });

  it('tells how many minutes to wait when wrong codes reached the limit', async () => {
    await withPending('verify');
    routes['POST /api/v1/auth/two_factor/totp'] = () => ({
      status: 429,
      json: { error: { code: 'rate_limited', message: 'slow', value: 300 } },
    });
    const result = await signInWithCode({ code: '123456' });
    expect(!result.ok && result.message).toContain('5 Minuten');
  });

  it('enrols with the half-signed-in token when the policy demands it, and keeps the session the confirmation gives', async () => {
    await withPending('enrol');
    routes['POST /api/v1/auth/two_factor/totp/confirm'] = () => ({
      status: 200,
      json: { jwtToken: 'jwt-enrolled', recoveryCodes: ['AAAAA-BBBBB'] },
    });
    routes['GET /api/v1/admin/systemroles'] = () => ({ status: 200, json: roles });
    expect(await confirmAuthenticator({ code: '654321' })).toEqual({ ok: true, data: { recoveryCodes: ['AAAAA-BBBBB'], signedIn: true } });
    expect(calls[0].auth).toBe('Bearer half-token');
    expect(await sessionCookie()).toEqual({ token: 'jwt-enrolled', email: 'land@example.org' });
  });

  it('never enrols with a half-signed-in token whose second factor is due', async () => {
    await withPending('verify');
    const result = await confirmAuthenticator({ code: '654321' });
    expect(result).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
  });

  it('signs in with a passkey alone and keeps the address the API names', async () => {
    routes['POST /api/v1/auth/passkey/options'] = () => ({ status: 200, json: { challengeId: 'c1', options: { challenge: 'abc' } } });
    routes['POST /api/v1/auth/passkey'] = () => ({ status: 200, json: { jwtToken: 'jwt-passkey' } });
    routes['GET /api/v1/getUser'] = () => ({ status: 200, json: { email: 'verein@example.org' } });
    routes['GET /api/v1/admin/systemroles'] = () => ({ status: 200, json: roles });
    const options = await passkeySignInOptions({});
    expect(options).toEqual({ ok: true, data: { challengeId: 'c1', options: { challenge: 'abc' } } });
    const response = { id: 'AAAA', rawId: 'AAAA', type: 'public-key' as const, response: {}, clientExtensionResults: {} };
    expect(await passkeySignIn({ challengeId: 'c1', response })).toEqual({ ok: true, data: null });
    expect(JSON.parse(calls[1].body)).toMatchObject({ challengeId: 'c1', response: { id: 'AAAA' } });
    expect(await sessionCookie()).toEqual({ token: 'jwt-passkey', email: 'verein@example.org' });
  });
});
