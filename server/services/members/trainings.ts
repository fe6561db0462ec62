import { and, asc, eq } from 'drizzle-orm';
import { trainingValidTo } from '@/lib/domain/members';
import { trainingEditableBy } from '@/lib/domain/member-permissions';
import type { z } from 'zod';
import type { MemberCertificate, TrainingDefinition } from '@/lib/schemas/member-responses';
import type { trainingInputSchema } from '@/lib/schemas/members';
import { members, memberTrainings, trainingDefinitions } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { recordAudit } from '../audit';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { loadCaller, type ActingOrg, type Caller } from '../access';
import { editingOrgs, memberActingOrg, requireMemberFormOrgs } from '../member-access';

/**
 * Trainings (certificates) of members. Recording or removing one needs the
 * right to edit the member from the acting organisation AND a training rule that lets that
 * organisation edit this type (rules.editAtOrgLevel, params.orgWhitelist).
 */

async function definitions(deps: AppDeps): Promise<TrainingDefinition[]> {
  const rows = await deps.db.select().from(trainingDefinitions).orderBy(asc(trainingDefinitions.groupTitle), asc(trainingDefinitions.id));
  return rows.map((d) => ({
    trainingId: d.id,
    title: d.title,
    groupTitle: d.groupTitle,
    name: d.name,
    validityMonths: d.validityMonths,
    rules: d.rules ?? {},
    params: d.params ?? {},
  }));
}

/** GET /admin/trainings[?org=]: all training types, or those the acting organisation may record. */
export async function listTrainingDefinitions(deps: AppDeps, callerId: number, orgId?: number): Promise<TrainingDefinition[]> {
  const caller = await loadCaller(deps, callerId);
  if (orgId === undefined) {
    requireMemberFormOrgs(caller);
    return definitions(deps);
  }
  const org = memberActingOrg(caller, orgId);
  return (await definitions(deps)).filter((d) => trainingEditableBy(d, org));
}

/** GET /admin/training/{id}?date=: until when a training completed on `date` is valid (null = forever). */
export async function trainingValidity(deps: AppDeps, callerId: number, trainingId: number, date: string) {
  requireMemberFormOrgs(await loadCaller(deps, callerId));
  const [def] = await deps.db
    .select({ months: trainingDefinitions.validityMonths })
    .from(trainingDefinitions)
    .where(eq(trainingDefinitions.id, trainingId));
  if (!def) throw notFound('No such training');
  return { trainingId, dateFrom: date, validTo: trainingValidTo(date, def.months) };
}

/** The acting organisation, when it may edit this member at all (levels 1 and 3, a club only its own members). */
async function editingFrom(deps: AppDeps, caller: Caller, orgId: number, memberId: number): Promise<ActingOrg> {
  const org = memberActingOrg(caller, orgId);
  const orgs = await editingOrgs(deps, caller, memberId);
  if (!orgs.some((o) => o.id === org.id)) throw forbidden('You may not change this member from this organisation');
  return org;
}

async function definitionFor(deps: AppDeps, trainingId: number) {
  const [def] = await deps.db.select().from(trainingDefinitions).where(eq(trainingDefinitions.id, trainingId));
  return def;
}

/** POST /admin/training/{memberId}. */
export async function addTraining(
  deps: AppDeps,
  callerId: number,
  memberId: number,
  input: z.output<typeof trainingInputSchema>,
): Promise<MemberCertificate> {
  const caller = await loadCaller(deps, callerId);
  const org = await editingFrom(deps, caller, input.orgId, memberId);
  // The federation may edit every member, so the right alone does not prove the member exists.
  const [member] = await deps.db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) throw notFound('No such member');
  const def = await definitionFor(deps, input.trainingId);
  if (!def) throw new ApiError(422, 'validation', 'unknownTraining', { field: 'trainingId' });
  if (!trainingEditableBy(def, org)) throw forbidden('This organisation may not record this training');
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(memberTrainings)
      .values({ memberId, trainingId: def.id, orgId: org.id, dateFrom: input.dateFrom, dateTo: input.dateTo, controller: input.controller })
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: org.id,
      entity: 'training',
      entityId: created.id,
      action: 'create',
      after: created,
    });
    return created;
  });
  return {
    certId: def.id,
    certName: def.name,
    certTitle: def.title,
    certGroupName: def.groupTitle,
    certController: row.controller,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    ausb_mg_id: row.id,
    orgId: row.orgId,
  };
}

/** DELETE /admin/training/{memberId}/{ausbMgId}?org=. */
export async function removeTraining(
  deps: AppDeps,
  callerId: number,
  memberId: number,
  entryId: number,
  orgId: number,
): Promise<{ ok: true }> {
  const caller = await loadCaller(deps, callerId);
  const [entry] = await deps.db
    .select({ id: memberTrainings.id, trainingId: memberTrainings.trainingId })
    .from(memberTrainings)
    .where(and(eq(memberTrainings.id, entryId), eq(memberTrainings.memberId, memberId)));
  if (!entry) throw notFound('No such training of this member');
  const org = await editingFrom(deps, caller, orgId, memberId);
  const def = await definitionFor(deps, entry.trainingId);
  if (!def || !trainingEditableBy(def, org)) throw forbidden('This organisation may not remove this training');
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(memberTrainings).where(eq(memberTrainings.id, entry.id)).returning();
    if (!removed) throw notFound('No such training of this member');
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: org.id,
      entity: 'training',
      entityId: entry.id,
      action: 'delete',
      before: removed,
    });
  });
  return { ok: true };
}
