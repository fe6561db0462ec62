/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sealData, unsealData } from 'iron-session';
import { createTranslator } from 'next-intl';
import de from '@/messages/de.json';
import { completePasswordReset, requestPasswordReset, signIn } from '@/components/auth/actions';
import { changePassword, signOutEverywhere } from '@/components/profile/actions';
import { signOut } from '@/components/shell/actions';

/*
 * The server actions against a fake federation API on loopback: the boundary is HTTP, so lib/api,
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
  return unsealData<{ token?: string; email?: string }>(c.value, { password: SECRET });
};

const loginOk: Handler = () => ({ status: 200, json: { jwtToken: 'jwt-new' } });
const roles = [{ funkId: 51, functionName: 'Mitglieder', orgId: 5, funkMgId: 9 }];

describe('signIn', () => {
  it('stores the token and e-mail in the sealed session when the user has system roles', async () => {
    routes['POST /api/v1/auth/login'] = loginOk;
    routes['GET /api/v1/admin/systemroles'] = () => ({ status: 200, json: roles });
    const result = await signIn({ email: 'verband@example.org', password: 'Bogen2026!' });
    expect(result).toEqual({ ok: true, data: null });
    expect(await sessionCookie()).toEqual({ token: 'jwt-new', email: 'verband@example.org' });
    expect(JSON.parse(calls[0].body)).toEqual({ email: 'verband@example.org', password: 'Bogen2026!' });
    expect(calls[0].xff).toBe('198.51.100.23');
    // the permission check uses the fresh token, before it is stored
    expect(calls[1].auth).toBe('Bearer jwt-new');
  });

  it('answers the failure text for wrong credentials and leaves no session', async () => {
    jar.set('auth', { value: await sealData({ token: 'old', email: 'x@y.at' }, { password: SECRET }) });
    routes['POST /api/v1/auth/login'] = () => ({ status: 401, json: { error: { code: 'invalid_credentials', message: 'no' } } });
    const result = await signIn({ email: 'verband@example.org', password: 'falsch' });
    expect(result).toMatchObject({ ok: false, message: 'E-Mail oder Passwort wurde falsch eingegeben!' });
    expect(await sessionCookie()).toBeNull();
  });

  it('tells how many minutes to wait when rate-limited', async () => {
    routes['POST /api/v1/auth/login'] = () => ({
      status: 429,
      json: { error: { code: 'rate_limited', message: 'slow down', value: 540 } },
    });
    const result = await signIn({ email: 'verband@example.org', password: 'falsch' });
    expect(result).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(!result.ok && result.message).toContain('9 Minuten');
  });

  it('shows the no-permission error and ends even an earlier session when the user has no system role', async () => {
    jar.set('auth', { value: await sealData({ token: 'old', email: 'x@y.at' }, { password: SECRET }) });
    routes['POST /api/v1/auth/login'] = loginOk;
    routes['GET /api/v1/admin/systemroles'] = () => ({ status: 200, json: [] });
    const result = await signIn({ email: 'mitglied@example.org', password: 'Bogen2026!' });
    expect(result).toMatchObject({ ok: false, code: 'no_permissions', message: 'Fehler: mitglied@example.org hat keine Berechtigungen.' });
    expect(await sessionCookie()).toBeNull();
  });

  it('treats a failed system-role load as no permissions', async () => {
    routes['POST /api/v1/auth/login'] = loginOk;
    routes['GET /api/v1/admin/systemroles'] = () => ({ status: 500, json: { error: { code: 'internal', message: 'x' } } });
    const result = await signIn({ email: 'verband@example.org', password: 'Bogen2026!' });
    expect(result).toMatchObject({ ok: false, code: 'no_permissions' });
    expect(await sessionCookie()).toBeNull();
  });

  it('refuses a missing e-mail without asking the API', async () => {
    const result = await signIn({ email: '', password: '' });
    expect(result).toMatchObject({ ok: false, fieldErrors: { email: 'E-Mail fehlt!', password: 'Passwort darf nicht leer sein' } });
    expect(calls).toHaveLength(0);
  });
});

describe('requestPasswordReset', () => {
  it('confirms with the address', async () => {
    routes['PUT /api/v1/auth/request_password/anna%40example.org'] = () => ({ status: 200, json: { ok: true } });
    expect(await requestPasswordReset({ email: 'anna@example.org' })).toEqual({ ok: true, data: { email: 'anna@example.org' } });
  });

  it('says the address is invalid when the API refuses it', async () => {
    routes['PUT /api/v1/auth/request_password/a%40b'] = () => ({
      status: 422,
      json: { error: { code: 'validation', message: "'email': Invalid email address", field: 'email' } },
    });
    const result = await requestPasswordReset({ email: 'a@b' });
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.message).toMatch(/Ungültige E-Mail angegeben!|Keine gültige E-Mail/);
  });
});

describe('completePasswordReset', () => {
  const valid = { email: 'anna@example.org', password: 'Neues2026!', repeat: 'Neues2026!' };

  it('sends e-mail and password to the token route', async () => {
    routes['PUT /api/v1/auth/reset_password/tok123'] = () => ({ status: 200, json: { ok: true } });
    expect(await completePasswordReset({ token: 'tok123', values: valid })).toEqual({ ok: true, data: null });
    expect(JSON.parse(calls[0].body)).toEqual({ email: 'anna@example.org', password: 'Neues2026!' });
  });

  it('explains an invalid or used token', async () => {
    routes['PUT /api/v1/auth/reset_password/used'] = () => ({ status: 400, json: { error: { code: 'invalid_token', message: 'x' } } });
    const result = await completePasswordReset({ token: 'used', values: valid });
    expect(result).toMatchObject({ ok: false, message: de.resetPassword.failure });
  });

  it('refuses different passwords without asking the API', async () => {
    const result = await completePasswordReset({ token: 'tok', values: { ...valid, repeat: 'Neues2026?' } });
    expect(result).toMatchObject({ ok: false, fieldErrors: { repeat: 'Passwörter sind unterschiedlich' } });
    expect(calls).toHaveLength(0);
  });
});

describe('changePassword', () => {
  beforeEach(async () => {
    jar.set('auth', { value: await sealData({ token: 'jwt-live', email: 'a@b.at' }, { password: SECRET }) });
  });
  const input = { oldPassword: 'Bogen2026!', newPassword: 'Pfeil2027?', repeat: 'Pfeil2027?' };

  it('sends old and new password with the session token', async () => {
    routes['PUT /api/v1/auth/update_password'] = () => ({ status: 200, json: { ok: true } });
    expect(await changePassword(input)).toEqual({ ok: true, data: null });
    expect(calls[0].auth).toBe('Bearer jwt-live');
    expect(JSON.parse(calls[0].body)).toEqual({ oldPassword: 'Bogen2026!', newPassword: 'Pfeil2027?' });
  });

  it("answers 'Fehler!' and marks the old password when it is wrong", async () => {
    routes['PUT /api/v1/auth/update_password'] = () => ({ status: 400, json: { error: { code: 'wrong_password', message: 'x' } } });
    expect(await changePassword(input)).toMatchObject({
      ok: false,
      message: 'Fehler!',
      fieldErrors: { oldPassword: de.password.oldWrong },
    });
  });

  it('ends the session when the API no longer accepts the token, and says so instead of redirecting', async () => {
    routes['PUT /api/v1/auth/update_password'] = () => ({ status: 401, json: { error: { code: 'unauthorized', message: 'x' } } });
    expect(await changePassword(input)).toEqual({ ok: false, code: 'session_ended', message: de.errors.sessionEnded });
    expect(await sessionCookie()).toBeNull();
  });

  it('refuses a new password equal to the old one without asking the API', async () => {
    const result = await changePassword({ oldPassword: 'Bogen2026!', newPassword: 'Bogen2026!', repeat: 'Bogen2026!' });
    expect(result).toMatchObject({ ok: false, fieldErrors: { newPassword: de.password.mustDiffer } });
    expect(calls).toHaveLength(0);
  });
});

describe('signOut', () => {
  beforeEach(async () => {
    jar.set('auth', { value: await sealData({ token: 'jwt-live', email: 'a@b.at' }, { password: SECRET }) });
  });

  it('asks the API to end the session, then clears the cookie', async () => {
    routes['POST /api/v1/auth/logout'] = () => ({ status: 200, json: { ok: true } });
    await signOut();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: '/api/v1/auth/logout', auth: 'Bearer jwt-live' })]);
    expect(await sessionCookie()).toBeNull();
  });

  it('clears the cookie even when the API cannot end the session', async () => {
    routes['POST /api/v1/auth/logout'] = () => ({ status: 500, json: { error: { code: 'internal', message: 'x' } } });
    await signOut();
    expect(await sessionCookie()).toBeNull();
  });

  it('does not call the API without a session', async () => {
    jar.clear();
    await signOut();
    expect(calls).toHaveLength(0);
  });
});

describe('signOutEverywhere', () => {
  beforeEach(async () => {
    jar.set('auth', { value: await sealData({ token: 'jwt-live', email: 'a@b.at' }, { password: SECRET }) });
  });

  it('ends all sessions at the API, then clears the cookie', async () => {
    routes['POST /api/v1/auth/logout_everywhere'] = () => ({ status: 200, json: { ok: true } });
    expect(await signOutEverywhere()).toEqual({ ok: true, data: null });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/auth/logout_everywhere', auth: 'Bearer jwt-live' });
    expect(await sessionCookie()).toBeNull();
  });

  it('keeps the session and says so when the API fails', async () => {
    routes['POST /api/v1/auth/logout_everywhere'] = () => ({ status: 500, json: { error: { code: 'internal', message: 'x' } } });
    expect(await signOutEverywhere()).toMatchObject({ ok: false, message: de.errors.generic });
    expect((await sessionCookie())?.token).toBe('jwt-live');
  });

  it('clears the cookie when the session had already ended', async () => {
    routes['POST /api/v1/auth/logout_everywhere'] = () => ({ status: 401, json: { error: { code: 'unauthorized', message: 'x' } } });
    expect(await signOutEverywhere()).toEqual({ ok: true, data: null });
    expect(await sessionCookie()).toBeNull();
  });
});
