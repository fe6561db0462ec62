/** @jest-environment node */
import { todayIso } from '@/lib/domain/dates';
import type { AccessRule } from '@/server/http/access-rule';
import { createMatrixFixtures, type MatrixFixtures } from './helpers/matrix-fixtures';
import { MATRIX_REQUESTS, matrixCell } from './helpers/matrix-requests';
import { rollbackDb } from './helpers/rollback-db';
import { call, createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * The half-signed-in state in the authorisation matrix: every operation of the OpenAPI document,
 * called with a half-signed-in token (password right, second factor not yet), answers 401, except
 * - with a token whose second factor is due (stage `verify`): the second step (x-access
 *   `secondFactor`), which takes it (here with wrong codes: 400, never 401/403);
 * - with a token whose enrolment the policy demands (stage `enrol`): the enrolment calls (x-access
 *   `enrolment`), which answer it as a signed-in caller (2xx).
 * Public calls take any caller and are left out. Each request is rolled back.
 */

type Operation = { key: string; rule: AccessRule | undefined };

describe.each(testDrivers())('half-signed-in tokens on every operation (%s)', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let rolledBack: <T>(work: () => Promise<T>) => Promise<T>;
  let fx: MatrixFixtures;
  let operations: Operation[];
  const half: { verify?: string; enrol?: string } = {};

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    const rb = rollbackDb(tdb.db);
    rolledBack = rb.rolledBack;
    // the policy makes the federation enrol; the fixtures give every demo account a passkey, so
    // the state association's next sign-in asks for it
    t = createTestApp(rb.db, { env: { TWO_FACTOR_REQUIRED_LEVELS: '1' } });
    const enrol = await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'verband@example.org', password: DEMO_PASSWORD } });
    expect(enrol.body.stage).toBe('enrol');
    half.enrol = enrol.body.pendingToken;
    const plain = createTestApp(rb.db, { clock: t.clock });
    fx = await createMatrixFixtures(plain, await signIn(plain.app, 'verband@example.org'), rb.db);
    plain.cleanup();
    const verify = await call(t.app, 'POST', '/api/v1/auth/login', { json: { email: 'land@example.org', password: DEMO_PASSWORD } });
    expect(verify.body).toMatchObject({ stage: 'verify', methods: ['passkey'] });
    half.verify = verify.body.pendingToken;
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    operations = Object.entries(doc.body.paths as Record<string, Record<string, { 'x-access'?: AccessRule }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, rule: op['x-access'] })),
    );
  }, 180_000);

  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  it.each(['verify', 'enrol'] as const)(
    'answers a half-signed-in token (stage %s) 401 everywhere but its own calls',
    async (stage) => {
      const token = half[stage]!;
      const today = todayIso(t.clock.now());
      const wrong: string[] = [];
      const opened: string[] = [];
      let refused = 0;
      for (const { key, rule } of operations) {
        const build = MATRIX_REQUESTS[key];
        if (!rule || !build || 'public' in rule) continue; // a missing rule or sample is the matrix test's to report
        const request = await build(
          matrixCell('federation', 'own', fx, today, (method, url, json) => call(t.app, method, url, { token, json }), t.clock.now()),
        );
        const res = await rolledBack(() => call(t.app, request.method, request.url, { token, json: request.json, body: request.form?.() }));
        const own = stage === 'verify' ? 'secondFactor' in rule : 'enrolment' in rule;
        if (!own) {
          if (res.status !== 401) wrong.push(`${key}: expected 401, got ${res.status}`);
          else refused += 1;
          continue;
        }
        opened.push(key);
        const fine =
          stage === 'verify' ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status >= 200 && res.status < 300;
        if (!fine)
          wrong.push(`${key}: expected ${stage === 'verify' ? 'no 401/403/5xx' : '2xx'}, got ${res.status} ${res.body?.error?.code ?? ''}`);
      }
      expect(wrong).toEqual([]);
      expect(refused).toBeGreaterThan(100);
      // what each stage opens, named so that a new route must be placed knowingly
      expect(opened.sort()).toEqual(
        stage === 'verify'
          ? [
              'POST /api/v1/auth/two_factor/passkey',
              'POST /api/v1/auth/two_factor/passkey/options',
              'POST /api/v1/auth/two_factor/recovery',
              'POST /api/v1/auth/two_factor/totp',
            ]
          : [
              'GET /api/v1/auth/two_factor',
              'POST /api/v1/auth/two_factor/passkeys',
              'POST /api/v1/auth/two_factor/passkeys/options',
              'POST /api/v1/auth/two_factor/totp/confirm',
              'POST /api/v1/auth/two_factor/totp/enrol',
            ],
      );
    },
    300_000,
  );
});
