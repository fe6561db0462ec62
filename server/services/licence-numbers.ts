import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FUNCTION_LICENCE } from '@/lib/domain/functions';
import { parseLicenceNumber } from '@/lib/domain/licence-numbers';
import type { SeedDb } from '../db/seed/insert';
import { functionAssignments, licenceNumberCounter, members } from '../db/schema';
import { recordAudit } from './audit';

/**
 * Licence numbers (members.reg_nr): the system gives a person the next number with their first
 * licence; the unique index members_reg_nr_unique keeps every number on one person.
 *
 * The numbers come from one counter row, updated (and so locked) inside the transaction that grants
 * the licence: parallel grants wait for each other and get consecutive numbers, and a grant that
 * rolls back gives its numbers back. A number the federation sets by hand moves the counter up
 * first when it is above it, so the system never hands out a number already set by hand; a hand-set
 * number below it that is taken already is refused by the unique index.
 */

/** Reserves `count` numbers: the first of them (the counter row stays locked until the transaction ends). */
async function reserve(tx: SeedDb, count: number): Promise<number> {
  const [row] = await tx
    .insert(licenceNumberCounter)
    .values({ id: 1, last: count })
    .onConflictDoUpdate({ target: licenceNumberCounter.id, set: { last: sql`${licenceNumberCounter.last} + ${count}` } })
    .returning({ last: licenceNumberCounter.last });
  return row.last - count + 1;
}

/**
 * Gives each of these persons who has no licence number yet the next one, in order of id; each
 * number is in the audit trail. Run inside the transaction that grants their licence. Answers how
 * many got one.
 */
export async function assignLicenceNumbers(
  tx: SeedDb,
  memberIds: readonly number[],
  actorId: number | null,
  actingOrgId: number | null = null,
): Promise<number> {
  if (memberIds.length === 0) return 0;
  // Row locks: a parallel grant for the same person waits here and then finds the number set.
  const waiting = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(inArray(members.id, [...memberIds]), isNull(members.regNr)))
    .orderBy(asc(members.id))
    .for('update');
  if (waiting.length === 0) return 0;
  const first = await reserve(tx, waiting.length);
  for (const [i, { id }] of waiting.entries()) {
    const regNr = String(first + i);
    await tx.update(members).set({ regNr }).where(eq(members.id, id));
    await recordAudit(tx, {
      actorId,
      actingOrgId,
      entity: 'member',
      entityId: id,
      action: 'update',
      before: { regNr: null },
      after: { regNr },
    });
  }
  return waiting.length;
}

/**
 * Before a number set by hand is stored: a numeric one above the counter moves the counter to it
 * (taking the counter's lock first, so a parallel grant cannot hand the same number out).
 */
export async function reserveHandSetNumber(tx: SeedDb, regNr: string | null | undefined): Promise<void> {
  const value = regNr == null ? null : parseLicenceNumber(regNr);
  if (value === null) return;
  await tx
    .insert(licenceNumberCounter)
    .values({ id: 1, last: value })
    .onConflictDoUpdate({ target: licenceNumberCounter.id, set: { last: sql`greatest(${licenceNumberCounter.last}, ${value})` } });
}

/**
 * Whoever is given a licence (function 29) by any path — a released order, role assignment, the
 * member screen — has a licence number: gives one to each new holder without one.
 */
export async function numberNewLicenceHolders(
  tx: SeedDb,
  granted: ReadonlyArray<{ memberId: number; roleId: number }>,
  actorId: number,
  actingOrgId: number,
): Promise<number> {
  const holders = [...new Set(granted.filter((g) => g.roleId === FUNCTION_LICENCE).map((g) => g.memberId))];
  return assignLicenceNumbers(tx, holders, actorId, actingOrgId);
}

/**
 * After numbers were written directly (the demo data): the counter moves past the highest numeric
 * one, and every licence holder without a number gets one.
 */
export async function numberLicenceHolders(tx: SeedDb): Promise<number> {
  await tx.execute(sql`
    insert into ${licenceNumberCounter} (id, last)
    select 1, coalesce(max(reg_nr::integer), 0) from ${members} where reg_nr ~ '^[0-9]{1,9}$'
    on conflict (id) do update set last = greatest(${licenceNumberCounter.last}, excluded.last)`);
  const holders = await tx
    .selectDistinct({ id: members.id })
    .from(members)
    .innerJoin(functionAssignments, and(eq(functionAssignments.memberId, members.id), eq(functionAssignments.roleId, FUNCTION_LICENCE)))
    .where(isNull(members.regNr));
  return assignLicenceNumbers(
    tx,
    holders.map((h) => h.id),
    null,
  );
}
