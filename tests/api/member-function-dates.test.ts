/** @jest-environment node */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { functionAssignments, members } from '@/server/db/schema';
import { holdsAnyFunctionOn } from '@/server/services/member-access';
import { answerOf, client, createTestApp, signIn, type TestApp } from './helpers/test-app';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * "Holds a function on a day" read from the member row (members.function_dates, kept by a trigger
 * on function_assignments) must say exactly what the assignments say (date_from <= day <= date_to),
 * after every kind of write: insert, changed dates, an assignment moved to another member (as a
 * merge does), delete, and a member deleted with their assignments. The federation's person search
 * reads it; a club's reads the assignments.
 */

const CLUB = 11;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(testDrivers())('members.function_dates on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let t: TestApp;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    t = createTestApp(db);
    tokens = Object.fromEntries(await Promise.all(['verein', 'verband'].map(async (w) => [w, await signIn(t.app, `${w}@example.org`)])));
  }, 120_000);
  afterAll(async () => {
    t?.cleanup();
    await tdb?.close();
  });

  /** Members whose stored days differ from their assignments' (every member, every day). */
  const outOfStep = async (): Promise<number[]> => {
    const rows = await db.execute<{ id: number }>(sql`
      select m.id from members m
      where m.function_dates <> coalesce((select range_agg(daterange(fa.date_from, fa.date_to, '[]')) from function_assignments fa
        where fa.member_id = m.id and fa.date_from <= fa.date_to), '{}')`);
    return rows.rows.map((r) => Number(r.id));
  };
  /** The member-row rule and the assignments' rule, for one member on one day. */
  const heldOn = async (memberId: number, on: string) => {
    const [row] = await db
      .select({
        fromRow: sql<boolean>`${holdsAnyFunctionOn(on)}`,
        // written out: a select from one table would write members.id without its table here
        fromAssignments: sql<boolean>`exists (select 1 from function_assignments fa where fa.member_id = members.id and fa.date_from <= ${on} and fa.date_to >= ${on})`,
      })
      .from(members)
      .where(eq(members.id, memberId));
    expect(row.fromRow).toBe(row.fromAssignments);
    return row.fromRow;
  };
  const newMember = async (surname: string) => {
    const [m] = await db
      .insert(members)
      .values({ firstName: 'Dragana', surname, birthDate: '1990-04-12', gender: 'w' })
      .returning({ id: members.id });
    return m.id;
  };

  it('agrees with the assignments for every seeded member', async () => {
    expect(await outOfStep()).toEqual([]);
    const someone = (await db.select({ id: functionAssignments.memberId }).from(functionAssignments).limit(1))[0].id;
    for (const on of [day(0), day(-400), '2999-12-31']) await heldOn(someone, on);
  });

  it('follows inserts, changed dates, a move to another member, deletes and a deleted member', async () => {
    const a = await newMember('Kovačević');
    const b = await newMember('Łukasiewicz');
    expect(await heldOn(a, day(0))).toBe(false);

    // two members' assignments in one statement; one of them ends before it starts (held on no day)
    const [held, inverted] = await db
      .insert(functionAssignments)
      .values([
        { memberId: a, orgId: CLUB, roleId: 32, dateFrom: day(-10), dateTo: day(10) },
        { memberId: b, orgId: CLUB, roleId: 32, dateFrom: day(5), dateTo: day(-5) },
      ])
      .returning({ id: functionAssignments.id });
    expect(await heldOn(a, day(0))).toBe(true);
    expect(await heldOn(a, day(11))).toBe(false);
    expect(await heldOn(b, day(0))).toBe(false);

    // ended yesterday: no longer held today
    await db
      .update(functionAssignments)
      .set({ dateTo: day(-1) })
      .where(eq(functionAssignments.id, held.id));
    expect(await heldOn(a, day(0))).toBe(false);
    expect(await heldOn(a, day(-1))).toBe(true);

    // moved to the other member (a merge moves assignments so): both members change
    await db
      .update(functionAssignments)
      .set({ memberId: b, dateTo: day(30) })
      .where(eq(functionAssignments.id, held.id));
    expect(await heldOn(a, day(-1))).toBe(false);
    expect(await heldOn(b, day(0))).toBe(true);

    await db.delete(functionAssignments).where(inArray(functionAssignments.id, [held.id, inverted.id]));
    expect(await heldOn(b, day(0))).toBe(false);

    // a member deleted with their assignments (cascade) is no error
    await db.insert(functionAssignments).values({ memberId: a, orgId: CLUB, roleId: 32, dateFrom: day(0) });
    expect(await heldOn(a, day(0))).toBe(true);
    await db.delete(members).where(inArray(members.id, [a, b]));
    expect(await outOfStep()).toEqual([]);
  });

  it('lets the federation find a person exactly while they hold a function somewhere', async () => {
    const found = async (surname: string) =>
      (await answerOf(client(t, tokens.verband).api.v1.admin.persons.search.$get({ query: { org: '1', q: surname } }), 200)).items.map(
        (p) => p.id,
      );
    const p = await newMember('Szőkefalvi');
    await db.insert(functionAssignments).values({ memberId: p, orgId: CLUB, roleId: 32, dateFrom: day(-400), dateTo: day(-1) });
    // a former member only: not found by the federation's search of current persons
    expect(await found('Szőkefalvi')).toEqual([]);
    // the club takes them back through the API: found from today
    const rejoined = client(t, tokens.verein).api.v1.admin.persons[':memberId'].rejoin.$post({
      param: { memberId: String(p) },
      json: { orgId: CLUB },
    });
    expect((await rejoined).status).toBe(201);
    expect(await found('Szőkefalvi')).toEqual([p]);
    expect(await outOfStep()).toEqual([]);
  });
});
