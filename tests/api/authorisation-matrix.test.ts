/** @jest-environment node */
import { todayIso } from '@/lib/domain/dates';
import { FEDERATION_ORG_ID, FORM_DATA_PROTECTION } from '@/lib/domain/functions';
import { functionAssignments, members } from '@/server/db/schema';
import { hashPassword } from '@/server/services/password-hash';
import { CALLER_KINDS, type AccessRule, type CallerKind } from '@/server/http/access-rule';
import { createMatrixFixtures, type MatrixFixtures } from './helpers/matrix-fixtures';
import { MATRIX_REQUESTS, matrixCell, type Side } from './helpers/matrix-requests';
import { rollbackDb } from './helpers/rollback-db';
import { call, createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * Every operation of the API × every kind of caller × own and foreign resource, checked against
 * the `x-access` declaration beside the route (server/http/access-rule.ts). The operations come
 * from the API's own OpenAPI document, so a new route that declares nothing, or has no sample
 * request in helpers/matrix-requests.ts, fails here. Every request runs in a transaction that is
 * rolled back, so an allowed write (a deletion, say) never changes what the next cell sees.
 */

/** The demo account of each kind of caller. */
const ACCOUNT: Record<CallerKind, string> = {
  none: 'mitglied@example.org',
  trainer: 'trainer@example.org',
  club: 'verein@example.org',
  state: 'land@example.org',
  federation: 'verband@example.org',
};

/** Routes outside the OpenAPI document: the document itself, its reference page and the health check. */
const UNDOCUMENTED_PUBLIC = [
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/init.js',
  'GET /api/docs/assets/{name}',
];

/**
 * Cells where the code still disagrees with the declared rule, each with the reason. The test
 * asserts they still disagree, so fixing one makes it fail until the entry is removed.
 */
const KNOWN_FAILURES: Record<string, string> = {};

type Operation = { key: string; rule: AccessRule | undefined };
type Kind = CallerKind | 'anonymous';
type Expected = { kind: 'ok' } | { kind: 'status'; status: number } | { kind: 'reachable' };

function expectation(rule: AccessRule, kind: Kind, side: Side): Expected {
  if ('public' in rule) return { kind: 'reachable' };
  if (kind === 'anonymous') return { kind: 'status', status: 401 };
  // a session token is not a half-signed-in one: the second step answers it 401
  if ('secondFactor' in rule) return { kind: 'status', status: 401 };
  if ('signedIn' in rule) return { kind: 'ok' };
  return rule[side].includes(kind) ? { kind: 'ok' } : { kind: 'status', status: 403 };
}

function matches(expected: Expected, status: number): boolean {
  if (expected.kind === 'ok') return status >= 200 && status < 300;
  if (expected.kind === 'reachable') return status !== 401 && status !== 403 && status < 500;
  return status === expected.status;
}

const describeText = (e: Expected) => (e.kind === 'ok' ? '2xx' : e.kind === 'reachable' ? 'no 401/403/5xx' : String(e.status));

describe.each(testDrivers())('authorisation matrix (%s)', (driver) => {
  let tdb: TestDb;
  let t: TestApp;
  let rolledBack: <T>(work: () => Promise<T>) => Promise<T>;
  let tokens: Record<CallerKind, string>;
  let fx: MatrixFixtures;
  let operations: Operation[];
  /** The federation's data-protection officer holding that role alone (the demo federation account holds every role). */
  let officer: string;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    const rb = rollbackDb(tdb.db);
    rolledBack = rb.rolledBack;
    t = createTestApp(rb.db);
    tokens = Object.fromEntries(await Promise.all(CALLER_KINDS.map(async (k) => [k, await signIn(t.app, ACCOUNT[k])]))) as Record<
      CallerKind,
      string
    >;
    fx = await createMatrixFixtures(t, tokens.federation, rb.db);
    const [dpo] = await tdb.db
      .insert(members)
      .values({
        firstName: 'Daniela',
        surname: 'Datenschutz',
        birthDate: '1980-02-03',
        gender: 'w',
        email: 'datenschutz.matrix@example.org',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning();
    await tdb.db
      .insert(functionAssignments)
      .values({ memberId: dpo.id, orgId: FEDERATION_ORG_ID, roleId: FORM_DATA_PROTECTION, dateFrom: '2020-01-01', dateTo: '2999-12-31' });
    officer = await signIn(t.app, 'datenschutz.matrix@example.org');
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    operations = Object.entries(doc.body.paths as Record<string, Record<string, { 'x-access'?: AccessRule }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, rule: op['x-access'] })),
    );
  }, 120_000);

  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  it('every route the API serves is in its OpenAPI document, or a public page listed here', async () => {
    const documented = new Set(operations.map((o) => o.key));
    const served = [
      ...new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)),
    ];
    expect(served.filter((key) => !documented.has(key) && !UNDOCUMENTED_PUBLIC.includes(key))).toEqual([]);
    for (const key of UNDOCUMENTED_PUBLIC.filter((k) => !k.includes('{'))) {
      const [method, url] = key.split(' ');
      expect((await call(t.app, method, url)).status).toBe(200);
    }
  });

  it('every operation declares who gets through (x-access) and has a sample request', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((o) => !o.rule).map((o) => o.key)).toEqual([]);
    expect(operations.filter((o) => !MATRIX_REQUESTS[o.key]).map((o) => o.key)).toEqual([]);
    const known = new Set(operations.map((o) => o.key));
    expect(Object.keys(MATRIX_REQUESTS).filter((k) => !known.has(k))).toEqual([]);
  });

  it('answers every operation, for every kind of caller, on own and foreign resources, as declared', async () => {
    const today = todayIso(t.clock.now());
    const wrong: string[] = [];
    const stillKnown = new Set<string>();
    let cells = 0;
    for (const { key, rule } of operations) {
      const build = MATRIX_REQUESTS[key];
      if (!rule || !build) continue; // reported by the test above
      const kinds: Kind[] = 'public' in rule ? ['anonymous'] : ['anonymous', ...CALLER_KINDS];
      const sides: Side[] = 'own' in rule ? ['own', 'foreign'] : ['own'];
      for (const kind of kinds) {
        for (const side of sides) {
          const token = kind === 'anonymous' ? undefined : tokens[kind];
          const request = await build(
            matrixCell(kind, side, fx, today, (method, url, json) => call(t.app, method, url, { token, json }), t.clock.now()),
          );
          const res = await rolledBack(() =>
            call(t.app, request.method, request.url, { token, json: request.json, body: request.form?.() }),
          );
          cells += 1;
          const expected = expectation(rule, kind, side);
          const cell = `${key} as ${kind} on ${side}`;
          const ok = matches(expected, res.status);
          if (KNOWN_FAILURES[cell]) {
            if (ok) wrong.push(`${cell}: now answers as declared; remove it from KNOWN_FAILURES`);
            else stillKnown.add(cell);
          } else if (!ok) {
            wrong.push(`${cell}: expected ${describeText(expected)}, got ${res.status} ${res.body?.error?.code ?? ''}`.trim());
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect([...stillKnown].sort()).toEqual(Object.keys(KNOWN_FAILURES).sort());
    expect(cells).toBeGreaterThan(300);
    // some 800 requests, PDFs among them, on the embedded database: minutes on a busy machine
  }, 300_000);

  it('answers the data-protection officer alone (1007 in the federation) only where the route names the officer', async () => {
    const today = todayIso(t.clock.now());
    const wrong: string[] = [];
    const allowed: string[] = [];
    for (const { key, rule } of operations) {
      const build = MATRIX_REQUESTS[key];
      if (!rule || !build || 'public' in rule) continue;
      const sides: Side[] = 'own' in rule ? ['own', 'foreign'] : ['own'];
      for (const side of sides) {
        // the requests the federation would make: the officer acts in the federation too
        const request = await build(
          matrixCell(
            'federation',
            side,
            fx,
            today,
            (method, url, json) => call(t.app, method, url, { token: officer, json }),
            t.clock.now(),
          ),
        );
        const res = await rolledBack(() =>
          call(t.app, request.method, request.url, { token: officer, json: request.json, body: request.form?.() }),
        );
        // calls about oneself name the federation account's things (a passkey, a notification): the
        // officer gets through to them, and is told they are not theirs
        const expected: Expected =
          'secondFactor' in rule
            ? { kind: 'status', status: 401 }
            : 'signedIn' in rule
              ? { kind: 'reachable' }
              : rule.officer
                ? { kind: 'ok' }
                : { kind: 'status', status: 403 };
        if (!matches(expected, res.status)) {
          wrong.push(
            `${key} as officer on ${side}: expected ${describeText(expected)}, got ${res.status} ${res.body?.error?.code ?? ''}`.trim(),
          );
        }
        if ('own' in rule && rule.officer && side === 'own') allowed.push(key);
      }
    }
    expect(wrong).toEqual([]);
    // finding a person and reading who saw their record; nothing that changes, exports or erases,
    // nor the audit trail (its before-and-after values hold contact data)
    expect(allowed.sort()).toEqual([
      'GET /api/v1/admin/members/{memberId}/reads',
      'GET /api/v1/admin/privacy/persons',
      'GET /api/v1/admin/privacy/persons/{memberId}',
    ]);
  }, 300_000);

  it('shows each declaration in the OpenAPI document', async () => {
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    expect(doc.body.paths['/api/v1/admin/member/{memberId}'].delete['x-access']).toEqual({ own: ['federation'], foreign: ['federation'] });
    expect(doc.body.paths['/api/v1/auth/login'].post['x-access']).toEqual({ public: true });
  });
});
