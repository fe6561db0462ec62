/** @jest-environment node */
import { closeApi, openApi } from './helpers/open-api';
import { call, type TestApp } from './helpers/test-app';
import type { TestDb } from './helpers/test-db';

/** The OpenAPI document is generated from the route definitions: every call of the contract is in it. */
describe('OpenAPI document', () => {
  let tdb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    ({ tdb, t } = await openApi('pglite'));
  });
  afterAll(() => closeApi({ tdb, t }));

  it('lists the session, organisation and member calls with their methods', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const has = (method: string, path: string) => expect(Object.keys(paths[path] ?? {})).toContain(method);
    has('post', '/api/v1/auth/login');
    has('get', '/api/v1/getUser');
    has('put', '/api/v1/auth/request_password/{email}');
    has('put', '/api/v1/auth/reset_password/{token}');
    has('put', '/api/v1/auth/update_password');
    has('get', '/api/v1/admin/systemroles');
    has('get', '/api/v1/admin/countries');
    has('get', '/api/v1/profile/image/{id}');
    has('post', '/api/v1/profile/image/{id}');
    has('post', '/api/v1/admin/org');
    has('get', '/api/v1/uploads');
    has('delete', '/api/v1/admin/member/cancel/{orgId}/{memberId}');
    has('get', '/api/v1/admin/orgs/{orgId}');
    has('put', '/api/v1/admin/org');
    has('post', '/api/v1/admin/org/places');
    has('get', '/api/v1/admin/members/{orgId}');
    has('get', '/api/v1/admin/members/{orgId}/export.csv');
    has('put', '/api/v1/admin/member/duplicates');
    has('post', '/api/v1/admin/training/{id}');
    has('post', '/api/v1/admin/functions/{id}');
    expect(res.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('names every operation, marks the public ones, and lists the status codes the common rules give', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    type Op = {
      operationId?: string;
      security?: unknown[];
      parameters?: unknown[];
      requestBody?: { content: Record<string, unknown> };
      responses: Record<string, unknown>;
    };
    const ops = Object.entries(doc.paths as Record<string, Record<string, Op>>).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const publicOps = ops.filter(({ op }) => Array.isArray(op.security) && op.security.length === 0).map(({ key }) => key);
    expect(publicOps.sort()).toEqual([
      'GET /api/v1/licence-key',
      'GET /api/v1/public/news/{orgId}',
      'GET /api/v1/public/tournaments.ics',
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/passkey',
      'POST /api/v1/auth/passkey/options',
      'POST /api/v1/public/licence-status',
      'PUT /api/v1/auth/request_password/{email}',
      'PUT /api/v1/auth/reset_password/{token}',
    ]);
    for (const { key, op } of ops) {
      if (!publicOps.includes(key)) expect([key, op.responses['401']]).toEqual([key, expect.anything()]);
      if (op.requestBody || op.parameters?.length) expect([key, op.responses['422']]).toEqual([key, expect.anything()]);
      if (op.requestBody?.content['application/json'])
        expect([key, op.responses['400'], op.responses['413']]).toEqual([key, expect.anything(), expect.anything()]);
    }
    expect(doc.paths['/api/v1/admin/member'].put.responses['503']).toEqual({ $ref: '#/components/responses/Unavailable' });
    expect(doc.components.responses.Unavailable.headers).toHaveProperty('Retry-After');
    // the licence cards refuse a document when too many wait to be drawn: 503 `busy` with Retry-After
    const cardsBusy = doc.paths['/api/v1/reports/licenses'].get.responses['503'];
    expect(cardsBusy.description).toContain('`busy`');
    expect(cardsBusy.headers).toHaveProperty('Retry-After');
    expect(cardsBusy.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    for (const upload of [
      doc.paths['/api/v1/profile/image/{id}'].post,
      doc.paths['/api/v1/org/image/{id}'].post,
      doc.paths['/api/v1/admin/org/{orgId}/documents'].post,
    ]) {
      expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('serves a reference page that needs no internet (assets from this server)', async () => {
    const res = await call(t.app, 'GET', '/api/docs');
    expect(res.status).toBe(200);
    const html = await res.raw.text();
    expect(html).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const init = await call(t.app, 'GET', '/api/docs/init.js');
    expect(init.status).toBe(200);
    expect(await init.raw.text()).toContain('/api/openapi.json');
    const bundle = await call(t.app, 'GET', '/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });
});
