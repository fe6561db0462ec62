/** @jest-environment node */
import { and, eq, sql } from 'drizzle-orm';
import { addDays, isActiveOn } from '@/lib/domain/members';
import { FUNCTION_MEMBERSHIP } from '@/lib/domain/functions';
import type { Db } from '@/server/db/client';
import { functionAssignments, members } from '@/server/db/schema';
import { assignmentHeldBetween, assignmentHeldOn } from '@/server/services/assignment-days';
import { holdsAnyFunctionOn } from '@/server/services/member-access';
import { createTestDb, testDrivers, type TestDb } from './helpers/test-db';

/*
 * The one wording of "an assignment is held on a day" (first day ≤ day ≤ last day, both included)
 * and "held on some day of a period", which every statement about active functions, memberships and
 * licences uses: it must say what lib/domain's isActiveOn says of one assignment, in both of its
 * forms (over the table, and over an alias in plain SQL), and agree with the days the database keeps
 * per member (members.function_dates). Checked on the days where it can go wrong: around the first
 * and the last day, a one-day assignment, and one that ends before it starts.
 */

const PERIODS = [
  { dateFrom: '2026-03-10', dateTo: '2026-03-20' },
  { dateFrom: '2026-05-01', dateTo: '2026-05-01' },
  // ends before it starts: held on no day
  { dateFrom: '2026-06-10', dateTo: '2026-06-05' },
];

const aroundEnds = [...new Set(PERIODS.flatMap((p) => [-1, 0, 1].flatMap((d) => [addDays(p.dateFrom, d), addDays(p.dateTo, d)])))].sort();

describe.each(testDrivers())('assignment days on %s', (driver) => {
  let tdb: TestDb;
  let db: Db;
  let memberId: number;
  const ids = new Map<number, (typeof PERIODS)[number]>();

  beforeAll(async () => {
    tdb = await createTestDb(driver);
    db = tdb.db;
    const [m] = await db
      .insert(members)
      .values({ firstName: 'Gyöngyvér', surname: 'Kovačević', birthDate: '1991-02-03', gender: 'w' })
      .returning({ id: members.id });
    memberId = m.id;
    for (const p of PERIODS) {
      const [a] = await db
        .insert(functionAssignments)
        .values({ memberId, orgId: 11, roleId: FUNCTION_MEMBERSHIP, ...p })
        .returning({ id: functionAssignments.id });
      ids.set(a.id, p);
    }
  }, 120_000);
  afterAll(() => tdb?.close());

  /** The member's assignments for which `condition` holds, as a sorted list of ids. */
  const matching = async (condition: ReturnType<typeof sql>) =>
    (
      await db
        .select({ id: functionAssignments.id })
        .from(functionAssignments)
        .where(and(eq(functionAssignments.memberId, memberId), condition))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  /** The same through the alias form, in plain SQL. */
  const matchingAliased = async (condition: ReturnType<typeof sql>) =>
    (
      await db.execute<{ id: number }>(sql`select fa.id from function_assignments fa where fa.member_id = ${memberId} and ${condition}`)
    ).rows
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
  const expected = (held: (p: (typeof PERIODS)[number]) => boolean) =>
    [...ids.entries()]
      .filter(([, p]) => held(p))
      .map(([id]) => id)
      .sort((a, b) => a - b);

  it.each(aroundEnds)('held on %s: as isActiveOn says, in both forms and in the member row', async (day) => {
    const want = expected((p) => isActiveOn(p.dateFrom, p.dateTo, day));
    expect(await matching(assignmentHeldOn(day))).toEqual(want);
    expect(await matchingAliased(assignmentHeldOn(day, 'fa'))).toEqual(want);
    const [row] = await db
      .select({ held: sql<boolean>`${holdsAnyFunctionOn(day)}` })
      .from(members)
      .where(eq(members.id, memberId));
    expect(row.held).toBe(want.length > 0);
  });

  it('the first and last day count, the days beside them do not', async () => {
    const [march] = [...ids.entries()].find(([, p]) => p.dateFrom === '2026-03-10')!;
    expect(await matching(assignmentHeldOn('2026-03-10'))).toEqual([march]);
    expect(await matching(assignmentHeldOn('2026-03-20'))).toEqual([march]);
    expect(await matching(assignmentHeldOn('2026-03-09'))).toEqual([]);
    expect(await matching(assignmentHeldOn('2026-03-21'))).toEqual([]);
    // the inverted one on its own first and last day
    expect(await matching(assignmentHeldOn('2026-06-05'))).toEqual([]);
    expect(await matching(assignmentHeldOn('2026-06-10'))).toEqual([]);
  });

  const periods: Array<[string, string]> = [
    ['2026-03-01', '2026-03-09'], // ends the day before
    ['2026-03-01', '2026-03-10'], // ends on the first day
    ['2026-03-12', '2026-03-14'], // inside
    ['2026-03-20', '2026-04-30'], // starts on the last day, ends the day before the one-day assignment
    ['2026-03-21', '2026-05-01'], // starts the day after, ends on the one-day assignment
    ['2026-01-01', '2026-12-31'], // a whole year
    ['2026-06-06', '2026-06-09'], // inside the inverted one's days
  ];

  it.each(periods)('held on some day of %s … %s: the periods overlap', async (first, last) => {
    const want = expected((p) => p.dateFrom <= p.dateTo && p.dateFrom <= last && p.dateTo >= first);
    expect(await matching(assignmentHeldBetween(first, last))).toEqual(want);
    expect(await matchingAliased(assignmentHeldBetween(first, last, 'fa'))).toEqual(want);
  });
});
