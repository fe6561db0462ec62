/** @jest-environment node */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { todayIso } from '@/lib/domain/dates';
import type { Db } from '@/server/db/client';
import { functionAssignments } from '@/server/db/schema';
import { createMatrixFixtures, FOREIGN_CLUB, OWN_CLUB, type MatrixFixtures } from './helpers/matrix-fixtures';
import { MATRIX_REQUESTS, matrixCell, type MatrixRequest } from './helpers/matrix-requests';
import { rollbackDb } from './helpers/rollback-db';
import { call, createTestApp, signIn, type CallResult, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/**
 * The reach property: whatever the club administrator writes, naming persons of another club, the
 * club cannot read those persons afterwards, and none of them holds a function in the club. The
 * operations come from the API's own OpenAPI document and their requests from the authorisation
 * matrix's builders (helpers/matrix-requests.ts), made for the club's own side but with the
 * persons of the foreign club put in wherever the builders name a person; so a new writing route
 * with a sample request is tried here too. The attacker skips the identification (no duplicate
 * check, so no proof), writes for real (no dry run), and every role list or role also asks for the
 * membership (32), the function that would make the person the club's own member. Each request
 * runs in a transaction that is rolled back, and the reads happen inside it.
 */

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const MEMBERSHIP = 32;

/** Does `value` (a URL or a JSON body) name one of `ids`: a path or query segment, or a number (or numeric string) anywhere in the body? */
function namedIn(request: MatrixRequest, ids: readonly number[]): number[] {
  const wanted = new Set(ids.map(String));
  const found = new Set<string>();
  for (const part of request.url.split(/[/?&=]/)) if (wanted.has(part)) found.add(part);
  const walk = (v: unknown) => {
    if (typeof v === 'number' || typeof v === 'string') {
      if (wanted.has(String(v))) found.add(String(v));
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(request.json);
  return [...found].map(Number);
}

/** The request as an attacker sends it: for real, and once more asking for the membership wherever it names roles. */
function attacks(request: MatrixRequest): MatrixRequest[] {
  const json = request.json;
  if (!json || typeof json !== 'object' || Array.isArray(json)) return [request];
  const body = json as Record<string, unknown>;
  const real: Record<string, unknown> = 'dryRun' in body ? { ...body, dryRun: false } : body;
  const variants: MatrixRequest[] = [{ ...request, json: real }];
  if (Array.isArray(real.roleIds)) variants.push({ ...request, json: { ...real, roleIds: [...new Set([...real.roleIds, MEMBERSHIP])] } });
  if (typeof real.roleId === 'number' && real.roleId !== MEMBERSHIP) variants.push({ ...request, json: { ...real, roleId: MEMBERSHIP } });
  return variants;
}

describe.each(testDrivers())('reach property (%s)', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let rolledBack: <T>(work: () => Promise<T>) => Promise<T>;
  let club: string;
  let fx: MatrixFixtures;
  let writes: string[];

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    const rb = rollbackDb(tdb.db);
    db = rb.db;
    rolledBack = rb.rolledBack;
    t = createTestApp(rb.db);
    const federation = await signIn(t.app, 'verband@example.org');
    club = await signIn(t.app, 'verein@example.org');
    fx = await createMatrixFixtures(t, federation, rb.db);
    const doc = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })
      .parse((await call(t.app, 'GET', '/api/openapi.json')).body);
    writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((key) => WRITES.includes(key.split(' ')[0])),
    );
  }, 180_000);

  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  it('no write of the club administrator naming a person of another club lets the club reach them', async () => {
    const today = todayIso(t.clock.now());
    const foreign = fx.orders[FOREIGN_CLUB];
    const strangers = [fx.foreignMember, fx.formerMembers[FOREIGN_CLUB], foreign.person, foreign.another];
    // The club's own side, with the foreign club's persons wherever a builder takes a person.
    const attackerFx: MatrixFixtures = {
      ...fx,
      ownMember: fx.foreignMember,
      formerMembers: { ...fx.formerMembers, [OWN_CLUB]: fx.formerMembers[FOREIGN_CLUB] },
      orders: { ...fx.orders, [OWN_CLUB]: { ...fx.orders[OWN_CLUB], person: foreign.person, another: foreign.another } },
    };
    const as = (method: string, url: string, json?: unknown): Promise<CallResult> =>
      // the identification an attacker skips: no duplicate check, so no proof
      url.includes('/member/duplicates')
        ? Promise.resolve({ status: 0, headers: new Headers(), body: undefined, raw: new Response() })
        : call(t.app, method, url, { token: club, json });
    const reachable = async (ids: number[]) => {
      const read: number[] = [];
      for (const id of ids)
        if ((await call(t.app, 'GET', `/api/v1/admin/member/${OWN_CLUB}/${id}`, { token: club })).status !== 403) read.push(id);
      const held = await db
        .selectDistinct({ memberId: functionAssignments.memberId })
        .from(functionAssignments)
        .where(and(inArray(functionAssignments.memberId, ids), eq(functionAssignments.orgId, OWN_CLUB)));
      return { read, held: held.map((h) => h.memberId) };
    };

    expect(await reachable(strangers)).toEqual({ read: [], held: [] });
    const tried: string[] = [];
    const broken: string[] = [];
    for (const key of writes) {
      const build = MATRIX_REQUESTS[key];
      if (!build) continue; // the matrix reports a route without a sample request
      const request = await build(matrixCell('club', 'own', attackerFx, today, as));
      const named = namedIn(request, strangers);
      if (named.length === 0) continue;
      tried.push(key);
      for (const attack of attacks(request)) {
        const outcome = await rolledBack(async () => {
          const res = await call(t.app, attack.method, attack.url, { token: club, json: attack.json, body: attack.form?.() });
          return { status: res.status, ...(await reachable(named)) };
        });
        if (outcome.read.length || outcome.held.length) {
          broken.push(
            `${key} ${JSON.stringify(attack.json ?? null)} → ${outcome.status}: reads ${outcome.read.join(',') || '-'}, functions in the club for ${outcome.held.join(',') || '-'}`,
          );
        }
      }
    }
    expect(broken).toEqual([]);
    // The writes that name a person, so a builder that stops naming one does not go unnoticed.
    expect(tried).toEqual(
      expect.arrayContaining([
        'POST /api/v1/admin/role/assign',
        'POST /api/v1/admin/member/membership',
        'POST /api/v1/admin/functions/{id}',
        'POST /api/v1/admin/persons/{memberId}/rejoin',
        'PUT /api/v1/admin/member',
        'POST /api/v1/admin/training/{id}',
        'POST /api/v1/order/{orgId}/member/add',
        'POST /api/v1/admin/members/merge',
        'POST /api/v1/admin/duplicates/dismiss',
      ]),
    );
    expect(await reachable(strangers)).toEqual({ read: [], held: [] });
  }, 300_000);
});
