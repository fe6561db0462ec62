/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import { testDrivers, type TestDb } from './helpers/test-db';
import { png } from './helpers/sample-files';

/** No browser or proxy keeps an answer with personal data; the API sends the usual hardening headers. */
describe.each(testDrivers())('API security headers on %s', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ({
      tdb,
      t,
      tokens: { verein: token },
    } = await openApi(driver, ['verein']));
  });
  afterAll(() => closeApi({ tdb, t }));

  it.each([
    ['GET', '/api/v1/getUser'],
    ['GET', '/api/v1/admin/systemroles'],
    ['GET', '/api/v1/admin/members/search?name=Hu'],
    ['GET', '/api/v1/admin/member/999999'],
  ])('%s %s answers with Cache-Control: no-store, nosniff and no X-Powered-By', async (method, url) => {
    const res = await call(t.app, method, url, { token });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('refusals are not kept either (401, 422)', async () => {
    expect((await call(t.app, 'GET', '/api/v1/getUser')).headers.get('cache-control')).toBe('no-store');
    const bad = await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'x' } });
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });

  it('a sign-in answer (it holds a token) is not kept', async () => {
    const res = await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'verein@example.org', password: 'Bogen2026!' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("a member's picture is personal data: no-store although the file store suggests private caching", async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'me.png');
    const me = await call(t.app, 'GET', '/api/v1/getUser', { token });
    const up = await call(t.app, 'POST', `/api/v1/profile/image/${me.body.mg_id}`, { token, body: form });
    expect(up.status).toBe(200);
    const link = up.body.imageLink as string;
    const img = await call(t.app, 'GET', link, { token });
    expect(img.status).toBe(200);
    expect(img.headers.get('cache-control')).toBe('no-store');
  });

  it('the public reference page may be cached', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});
