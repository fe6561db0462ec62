/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { todayIso } from '@/lib/domain/dates';
import { createMatrixFixtures, type MatrixFixtures } from './helpers/matrix-fixtures';
import { MATRIX_REQUESTS, matrixCell, type MatrixRequest } from './helpers/matrix-requests';
import { call, createTestApp, DEMO_PASSWORD, signIn, type CallResult, type TestApp } from './helpers/test-app';
import { createTestDb, type TestDb } from './helpers/test-db';

/**
 * The status-code rule on every operation of the OpenAPI document, generated from it: signed in as
 * the federation (which may call everything), each operation's valid sample request (the one of the
 * authorisation matrix) is broken one way at a time and must answer
 * - a body that is not JSON: 400 `malformed_json`;
 * - a body, query or path value that breaks its schema: 422 `validation` naming the field;
 * - a well-formed id in the path that names nothing: 404;
 * and every failure's message is an English sentence. None of these requests changes anything
 * (they are refused), so the valid samples themselves are never sent.
 */

type Param = {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema?: { type?: string; format?: string; enum?: unknown[]; pattern?: string };
};
type Operation = { key: string; method: string; path: string; parameters: Param[]; jsonBody: boolean; secondFactor: boolean };

/** Values no id parameter accepts: digits only. */
const BAD_IDS = ['abc', '0x3ff', '1e3', '%201023', '-1', '0'];
/** Larger than any id of the seed, still a valid id. */
const UNKNOWN_ID = '999999';

/** Path parameters that name the organisation the caller acts in: an unknown one is an organisation where the caller holds nothing (403). */
const ACTING_ORG_PARAMS: Record<string, string[]> = {
  'GET /api/v1/admin/orgs/{orgId}': ['orgId'],
  'GET /api/v1/admin/messages/{id}': ['id'],
  'GET /api/v1/admin/messages/{orgId}/audience': ['orgId'],
  'GET /api/v1/admin/members/{orgId}': ['orgId'],
  'GET /api/v1/admin/members/{orgId}/summary': ['orgId'],
  'GET /api/v1/admin/members/{orgId}/organisations': ['orgId'],
  'GET /api/v1/admin/members/{orgId}/export.csv': ['orgId'],
  'GET /api/v1/admin/members/roles/{orgId}': ['orgId'],
  'GET /api/v1/admin/member/{orgId}/{memberId}': ['orgId'],
  'GET /api/v1/admin/member/role/{orgId}/{memberId}': ['orgId'],
  'GET /api/v1/order/{orgId}/report': ['orgId'],
  'GET /api/v1/order/{orgId}/report.csv': ['orgId'],
  'GET /api/v2/admin/{orgId}/orders': ['orgId'],
  'POST /api/v2/admin/{orgId}/category': ['orgId'],
  'GET /api/v1/admin/role/organisations/{orgId}': ['orgId'],
  'GET /api/v1/tournament/{orgId}': ['orgId'],
  'GET /api/v2/admin/{orgId}/inventory': ['orgId'],
  'POST /api/v2/admin/{orgId}/inventory': ['orgId'],
  'PUT /api/v2/admin/{orgId}/inventory': ['orgId'],
  'GET /api/v1/tournament/{orgId}/export.csv': ['orgId'],
  'POST /api/v1/tournament/{orgId}': ['orgId'],
  'PUT /api/v1/tournament/{orgId}': ['orgId'],
  'PUT /api/v1/tournament/{orgId}/approve': ['orgId'],
  'PUT /api/v1/tournament/{orgId}/cancel': ['orgId'],
  'PUT /api/v1/tournament/{orgId}/payed': ['orgId'],
  'POST /api/v1/tournament/{orgId}/comment/{id}': ['orgId'],
  'POST /api/v1/tournament/{orgId}/files/{id}': ['orgId'],
  'DELETE /api/v1/tournament/{orgId}/files/{id}/{uuid}': ['orgId'],
  'PUT /api/v2/admin/{orgId}/category': ['orgId'],
  // The sample's message is another club's, where the federation has no message centre: the
  // message's organisation is refused before its file is looked up.
  'DELETE /api/v1/admin/messages/image/{id}/{imageId}': ['imageId'],
};

const isIdParam = (p: Param) => p.schema?.type === 'integer';
const isUuidParam = (p: Param) => p.schema?.format === 'uuid';

/** A value the parameter's schema refuses, or undefined when any text is acceptable. */
function badQueryValue(p: Param): string | undefined {
  if (isIdParam(p)) return 'abc';
  if (p.schema?.enum) return 'not-one-of-them';
  if (p.schema?.type === 'boolean') return 'perhaps';
  if (p.schema?.format === 'date' || p.schema?.pattern) return 'not-a-date';
  if (p.schema?.type === 'number') return 'many';
  return undefined;
}

function expectSentence(res: CallResult) {
  expect(typeof res.body?.error?.message).toBe('string');
  expect(res.body.error.message).toMatch(/\s/);
}

/** Enrols an authenticator app for the state association's account and answers the half-signed-in token of its next sign-in. */
async function halfSignedIn(t: TestApp): Promise<string> {
  const land = await signIn(t.app, 'land@example.org');
  const enrol = await call(t.app, 'POST', '/api/v1/auth/two_factor/totp/enrol', { token: land });
  const code = new TOTP({ secret: Secret.fromBase32(enrol.body.secret) }).generate({ timestamp: t.clock.now().getTime() });
  await call(t.app, 'POST', '/api/v1/auth/two_factor/totp/confirm', { token: land, json: { code } });
  const res = await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'land@example.org', password: DEMO_PASSWORD } });
  if (!res.body?.pendingToken) throw new Error(`no half sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.pendingToken;
}

describe('status codes of every operation (generated from the OpenAPI document)', () => {
  let tdb: TestDb;
  let t: TestApp;
  let token: string;
  let fx: MatrixFixtures;
  let operations: Operation[];
  const samples = new Map<string, MatrixRequest>();
  /** The second step of a sign-in takes only a half-signed-in token: the state association's, with an authenticator app. */
  let halfToken: string;

  beforeAll(async () => {
    tdb = await createTestDb('pglite');
    t = createTestApp(tdb.db);
    token = await signIn(t.app, 'verband@example.org');
    halfToken = await halfSignedIn(t);
    fx = await createMatrixFixtures(t, token, tdb.db);
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    operations = Object.entries(
      doc.paths as Record<
        string,
        Record<string, { parameters?: Param[]; requestBody?: { content: Record<string, unknown> }; 'x-access'?: Record<string, unknown> }>
      >,
    ).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: Boolean(op.requestBody?.content['application/json']),
        secondFactor: Boolean(op['x-access']?.secondFactor),
      })),
    );
    const as = (method: string, url: string, json?: unknown) => call(t.app, method, url, { token, json });
    const cell = matrixCell('federation', 'foreign', fx, todayIso(t.clock.now()), as);
    for (const op of operations) {
      const sample = MATRIX_REQUESTS[op.key];
      if (sample) samples.set(op.key, await sample(cell));
    }
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  /** The sample's URL with path parameter `name` set to `value` (segments matched against the template). */
  function withPathValue(op: Operation, url: string, name: string, value: string): string {
    const [pathname, search] = url.split('?');
    const template = op.path.split('/');
    const segments = pathname.split('/');
    expect(segments.length).toBe(template.length);
    const at = template.indexOf(`{${name}}`);
    segments[at] = value;
    return segments.join('/') + (search ? `?${search}` : '');
  }

  function withQueryValue(url: string, name: string, value: string): string {
    const [pathname, search] = url.split('?');
    const query = new URLSearchParams(search ?? '');
    query.set(name, value);
    return `${pathname}?${query.toString()}`;
  }

  /** Sends the sample as it is except for url/body; multipart samples keep their form. */
  function send(op: Operation, sample: MatrixRequest, change: { url?: string; json?: unknown; raw?: string }): Promise<CallResult> {
    const url = change.url ?? sample.url;
    const as = op.secondFactor ? halfToken : token;
    if (change.raw !== undefined)
      return call(t.app, op.method, url, { token: as, body: change.raw, headers: { 'content-type': 'application/json' } });
    if (sample.form && change.json === undefined) return call(t.app, op.method, url, { token: as, body: sample.form() });
    return call(t.app, op.method, url, { token: as, json: change.json ?? sample.json });
  }

  it('has a valid sample request for every operation', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => !samples.has(op.key)).map((op) => op.key)).toEqual([]);
  });

  it('answers 400 malformed_json for a body that is not JSON, and 422 validation for a body of the wrong shape', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.jsonBody)) {
      const sample = samples.get(op.key)!;
      const malformed = await send(op, sample, { raw: '{"unfinished": ' });
      if (malformed.status !== 400 || malformed.body?.error?.code !== 'malformed_json')
        wrong.push(`${op.key} not JSON → ${malformed.status} ${malformed.body?.error?.code}`);
      else expectSentence(malformed);
      const shape = await send(op, sample, { json: ['not', 'an', 'object'] });
      if (shape.status !== 422 || shape.body?.error?.code !== 'validation')
        wrong.push(`${op.key} wrong shape → ${shape.status} ${shape.body?.error?.code}`);
      else expectSentence(shape);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 422 validation naming the parameter for a bad query value', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const sample = samples.get(op.key)!;
      for (const p of op.parameters.filter((x) => x.in === 'query')) {
        const bad = badQueryValue(p);
        if (bad === undefined) continue;
        checked++;
        const res = await send(op, sample, { url: withQueryValue(sample.url, p.name, bad) });
        if (res.status !== 422 || res.body?.error?.code !== 'validation' || res.body.error.field !== p.name) {
          wrong.push(`${op.key} ?${p.name}=${bad} → ${res.status} ${res.body?.error?.code} ${res.body?.error?.field}`);
        } else expectSentence(res);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('answers 422 validation naming the parameter for a malformed path id, digits only', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const sample = samples.get(op.key)!;
      for (const p of op.parameters.filter((x) => x.in === 'path' && (isIdParam(x) || isUuidParam(x)))) {
        for (const bad of isIdParam(p) ? BAD_IDS : ['not-a-uuid']) {
          const res = await send(op, sample, { url: withPathValue(op, sample.url, p.name, bad) });
          if (res.status !== 422 || res.body?.error?.code !== 'validation' || res.body.error.field !== p.name) {
            wrong.push(`${op.key} {${p.name}}=${bad} → ${res.status} ${res.body?.error?.code} ${res.body?.error?.field}`);
          } else expectSentence(res);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 for a well-formed id that names nothing (403 for an acting organisation the caller does not act in)', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const sample = samples.get(op.key)!;
      for (const p of op.parameters.filter((x) => x.in === 'path' && (isIdParam(x) || isUuidParam(x)))) {
        const acting = ACTING_ORG_PARAMS[op.key]?.includes(p.name) ?? false;
        const unknown = isIdParam(p) ? UNKNOWN_ID : randomUUID();
        // A body that names the same record as the path (memberId beside /functions/{id}) names the unknown one too.
        const original = sample.url.split('?')[0].split('/')[op.path.split('/').indexOf(`{${p.name}}`)];
        const json =
          sample.json && typeof sample.json === 'object'
            ? Object.fromEntries(
                Object.entries(sample.json).map(([k, v]) => [k, /Id$/.test(k) && String(v) === original ? Number(unknown) : v]),
              )
            : undefined;
        const res = await send(op, sample, { url: withPathValue(op, sample.url, p.name, unknown), json });
        const expected = acting ? 403 : 404;
        if (res.status !== expected)
          wrong.push(`${op.key} {${p.name}} unknown → ${res.status} ${res.body?.error?.code} (expected ${expected})`);
        else expectSentence(res);
      }
    }
    expect(wrong).toEqual([]);
  });
});
