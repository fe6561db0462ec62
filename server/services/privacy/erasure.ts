import { rm } from 'node:fs/promises';
import { and, eq, notInArray } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { FEDERATION_ORG_ID } from '@/lib/domain/functions';
import {
  anonymousBirthDate,
  anonymousName,
  erasurePlan,
  erasureRefusals,
  type ErasureFacts,
  type ErasurePlanItem,
  type ErasureRefusal,
} from '@/lib/domain/privacy/erasure';
import { PERSON_REFERENCES, type PersonReferenceKey } from '../../db/person-references';
import { erasedMembers, functionAssignments, members, orderItems, orders, organisations, roles } from '../../db/schema';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { PERSON_PLACES, type ErasureContext, type Q, type Tx } from './person-places';
import { refreshDuplicateKeys } from '../members/duplicate-keys';
import { EXPORT_AND_ERASE_FUNCTIONS, federationActor } from './privacy-access';
import { assignmentHeldOn } from '../assignment-days';

/**
 * Erasure of a person (GDPR Art. 17) by the rules of lib/domain/privacy/erasure.ts: the plan first
 * (what goes, what stays anonymised, what the law keeps and until when), then everything in one
 * transaction. The member row becomes an anonymous record (birth year, gender; the clubs through
 * the kept function history) and is marked in erased_members, which every list and search leaves
 * out. The audit trail gets one entry that the erasure happened, without any erased value.
 */

export type ErasureAnswer = {
  memberId: number;
  dryRun: boolean;
  allowed: boolean;
  refusals: ErasureRefusal[];
  plan: ErasurePlanItem[];
  erasedAt: string | null;
};

/** Open orders (neither released nor refunded) with a line for the person, and functions active today. */
async function erasureFacts(q: Q, memberId: number, today: string): Promise<ErasureFacts> {
  const open = await q
    .selectDistinct({ id: orders.id, category: orders.category })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.memberId, memberId), notInArray(orders.status, ['Freigegeben', 'canceled'])))
    .orderBy(orders.id);
  const active = await q
    .select({
      roleId: functionAssignments.roleId,
      roleName: roles.name,
      orgId: functionAssignments.orgId,
      orgName: organisations.name,
      dateTo: functionAssignments.dateTo,
    })
    .from(functionAssignments)
    .innerJoin(roles, eq(roles.id, functionAssignments.roleId))
    .innerJoin(organisations, eq(organisations.id, functionAssignments.orgId))
    .where(and(eq(functionAssignments.memberId, memberId), assignmentHeldOn(today)))
    .orderBy(functionAssignments.id);
  const [erased] = await q.select({ id: erasedMembers.memberId }).from(erasedMembers).where(eq(erasedMembers.memberId, memberId));
  return { openOrders: open, activeFunctions: active, erased: Boolean(erased) };
}

/** How many rows each place holds of the person, and the newest year of the places the law keeps. */
async function planOf(q: Q, member: { id: number; firstName: string; surname: string }): Promise<ErasurePlanItem[]> {
  const counts = {} as Record<PersonReferenceKey, number>;
  const latest: Partial<Record<PersonReferenceKey, number>> = {};
  for (const ref of PERSON_REFERENCES) {
    const place = PERSON_PLACES[ref.key];
    counts[ref.key] = (await place.read(q, member.id, member)).length;
    if (place.latestYear) latest[ref.key] = await place.latestYear(q, member.id);
  }
  return erasurePlan(counts, latest);
}

/**
 * Erases the person inside `tx` (erasure and the retention job share it). Answers the stored files
 * to remove once the transaction has committed. The caller has checked the refusals.
 */
export async function eraseInTransaction(
  tx: Tx,
  member: typeof members.$inferSelect,
  how: { reason: 'erasure' | 'retention'; by: number | null; actingOrgId: number | null; at: Date },
): Promise<string[]> {
  const ctx: ErasureContext = {
    memberId: member.id,
    firstName: member.firstName,
    surname: member.surname,
    email: member.email,
    anonymous: anonymousName(member.id),
    filesToRemove: [],
  };
  for (const ref of PERSON_REFERENCES) await PERSON_PLACES[ref.key].erase(tx, ctx);
  await tx
    .update(members)
    .set({
      uuid: null,
      regNr: null,
      extId: null,
      firstName: ctx.anonymous.firstName,
      middleName: null,
      surname: ctx.anonymous.surname,
      birthDate: anonymousBirthDate(member.birthDate),
      nationality: null,
      country: null,
      street: null,
      houseNumber: null,
      doorNumber: null,
      zip: null,
      city: null,
      phoneMobile: null,
      phoneFixed: null,
      email: null,
      passwordHash: null,
      params: {},
      updatedAt: how.at.toISOString(),
    })
    .where(eq(members.id, member.id));
  await refreshDuplicateKeys(tx, [member.id]);
  await tx.insert(erasedMembers).values({ memberId: member.id, reason: how.reason, erasedBy: how.by, erasedAt: how.at.toISOString() });
  // that it happened, by whom and why; no value of the person
  await recordAudit(tx, {
    actorId: how.by,
    actingOrgId: how.actingOrgId,
    entity: 'member',
    entityId: member.id,
    action: 'erase',
    after: { reason: how.reason },
  });
  return ctx.filesToRemove;
}

/** Removes erased files from disk; a file already gone is fine. */
export async function removeStoredFiles(uploadDir: string, paths: readonly string[]): Promise<void> {
  for (const p of paths) await rm(resolveInsideRoot(uploadDir, p), { force: true }).catch(() => undefined);
}

/** POST /admin/members/{id}/erase: the plan (dryRun), or the erasure; refused (409) with the reasons. */
export async function erasePerson(deps: AppDeps, callerId: number, memberId: number, dryRun: boolean): Promise<ErasureAnswer> {
  await federationActor(deps, callerId, EXPORT_AND_ERASE_FUNCTIONS);
  const now = deps.clock();
  const today = todayIso(now);
  const [member] = await deps.db.select().from(members).where(eq(members.id, memberId));
  if (!member) throw new ApiError(404, 'not_found', 'No such member');
  const facts = await erasureFacts(deps.db, memberId, today);
  if (facts.erased) throw new ApiError(404, 'not_found', 'No such member');
  const refusals = erasureRefusals(facts);
  if (dryRun) {
    return { memberId, dryRun, allowed: refusals.length === 0, refusals, plan: await planOf(deps.db, member), erasedAt: null };
  }
  const answer = await deps.db.transaction(async (tx) => {
    // the person's row is locked, so two erasures (or an erasure and the retention job) do not both run
    const [locked] = await tx.select().from(members).where(eq(members.id, memberId)).for('update');
    const inTx = await erasureFacts(tx, memberId, today);
    const refused = erasureRefusals(inTx);
    if (refused.length > 0) {
      throw new ApiError(409, 'erasure_refused', `The person cannot be erased: ${refused.map((r) => r.message).join('; ')}`, {
        value: refused,
      });
    }
    const plan = await planOf(tx, locked);
    const files = await eraseInTransaction(tx, locked, { reason: 'erasure', by: callerId, actingOrgId: FEDERATION_ORG_ID, at: now });
    return { plan, files };
  });
  await removeStoredFiles(deps.env.uploadDir, answer.files);
  return { memberId, dryRun, allowed: true, refusals: [], plan: answer.plan, erasedAt: now.toISOString() };
}
