/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { call, signIn, type TestApp } from './helpers/test-app';
import type { TestDb } from './helpers/test-db';

describe('API basics: health, OpenAPI document, reference page, error shape', () => {
  let tdb: TestDb;
  let t: TestApp;

  beforeAll(async () => {
    ({ tdb, t } = await openApi('pglite'));
  });
  afterAll(() => closeApi({ tdb, t }));

  it('answers /api/health', async () => {
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('publishes an OpenAPI 3.1 document generated from the routes, with every path of the contract', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/v1/auth/login',
      '/api/v1/getUser',
      '/api/v1/admin/systemroles',
      '/api/v1/auth/request_password/{email}',
      '/api/v1/auth/reset_password/{token}',
      '/api/v1/auth/update_password',
      '/api/v1/profile/image/{id}',
      '/api/v1/admin/countries',
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.body.paths['/api/v1/profile/image/{id}'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(res.body.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema).toBeDefined();
    expect(res.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.body.paths['/api/v1/getUser'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('serves the reference page and its scripts from the local package (no CDN)', async () => {
    const page = await t.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const src of sources) {
      expect(src.startsWith('/api/docs/')).toBe(true);
      const asset = await t.app.request(src);
      expect(asset.status).toBe(200);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(10);
    }
    const init = await (await t.app.request('/api/docs/init.js')).text();
    expect(init).toContain('/api/openapi.json');
  });

  it('serves only the listed reference assets', async () => {
    const res = await call(t.app, 'GET', '/api/docs/assets/package.json');
    expect(res.status).toBe(404);
    expect((await call(t.app, 'GET', '/api/docs/assets/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await call(t.app, 'GET', '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('answers a JSON body of the wrong media type with 415 and an oversized one with 413, in the error shape', async () => {
    const wrongType = await call(t.app, 'POST', '/api/v1/auth/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.error.code).toBe('unsupported_media_type');
    const huge = await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'a@b.at', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('too_large');
  });

  it('checks the token before the body: a protected call with a bad body and no token is 401', async () => {
    const res = await call(t.app, 'PUT', '/api/v1/auth/update_password', { json: { nonsense: true } });
    expect(res.status).toBe(401);
    const token = await signIn(t.app, 'mitglied@example.org');
    const bad = await call(t.app, 'PUT', '/api/v1/auth/update_password', { token, json: { nonsense: true } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe('validation');
  });
});
