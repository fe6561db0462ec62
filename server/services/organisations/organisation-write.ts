import { and, eq, gt, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { ORG_LEVEL_CLUB, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { canCreateOrg, checkOrgChange, isDissolving, type OrgRuleValues, type RuleViolation } from '@/lib/domain/organisation-rules';
import { organisationSchema, type OrganisationValues } from '@/lib/schemas/organisation';
import type { Organisation } from '@/lib/schemas/organisation-responses';
import type { Db } from '../../db/client';
import { functionAssignments, organisations, type OrgParams } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound, validationError } from '../../http/errors';
import { recordAudit } from '../audit';
import { orgScreenActors } from './organisation-access';
import { blankToNull, detail, findOrg, orgForCaller } from './organisations';
import { rfc3339 } from '../timestamps';

/**
 * Creating and updating organisations (POST/PUT org): the rules of lib/domain/organisation-rules.ts
 * judged on the merged record, dissolving (ending every assignment as of the end date) in the same
 * transaction, and the stale-edit check. Reading is in ./organisations.ts.
 */

type OrgRow = typeof organisations.$inferSelect;
function ruleValues(v: OrganisationValues & { id: number | null }): OrgRuleValues {
  return {
    id: v.id,
    orgStartDate: v.orgStartDate,
    orgEndDate: v.orgEndDate,
    inoperativeSince: v.inoperativeSince,
    bso: v.bso,
    coopPartner: Boolean(v.params.coop_partner),
    orgLevel: v.orgLevel,
    orgMotherId: v.orgMotherId,
    federalState: v.params.federalState ?? null,
  };
}

function rowRuleValues(row: OrgRow): OrgRuleValues {
  return {
    id: row.id,
    orgStartDate: row.orgStartDate,
    orgEndDate: row.orgEndDate,
    inoperativeSince: row.inoperativeSince,
    bso: blankToNull(row.bso),
    coopPartner: Boolean(row.params?.coop_partner),
    orgLevel: row.orgLevel,
    orgMotherId: row.orgMotherId,
    federalState: row.params?.federalState ?? null,
  };
}

function violationError(v: RuleViolation): ApiError {
  switch (v.kind) {
    case 'field_not_allowed':
      return new ApiError(403, 'field_not_allowed', `Your organisation may not change ${v.field}`, { field: v.field });
    case 'end_date_range':
      return new ApiError(422, 'end_date_range', `The end date must lie between ${v.min} and ${v.max}`, {
        field: v.field,
        value: { min: v.min, max: v.max },
      });
    case 'required':
      return new ApiError(422, 'validation', 'required', { field: v.field });
  }
}

/** The organisation columns from validated values (params merged over what was stored; documents are not kept here). */
function columns(v: OrganisationValues, storedParams: OrgParams) {
  const { files: _files, ...kept } = storedParams;
  void _files;
  const params: OrgParams = { ...kept };
  for (const [k, value] of Object.entries(v.params)) {
    if (value === undefined) continue;
    (params as Record<string, unknown>)[k] = value;
  }
  return {
    name: v.name,
    nameShort: v.nameShort,
    street: v.street,
    city: v.city,
    zip: v.zip,
    email: v.email,
    address: v.address,
    street2: v.street2,
    city2: v.city2,
    zip2: v.zip2,
    homepage: v.homepage,
    phoneOffice: v.phoneOffice,
    faxOffice: v.faxOffice,
    bso: v.bso,
    zvr: v.zvr,
    dvr: v.dvr,
    orgStartDate: v.orgStartDate,
    orgEndDate: v.orgEndDate,
    inoperativeSince: v.inoperativeSince,
    orgMotherId: v.orgMotherId,
    orgLevel: v.orgLevel,
    params,
  };
}

/** The parent must exist; a club's parent defaults to the state association of its federal state. */
async function resolveParent(db: Db, v: OrganisationValues, selfId: number | null): Promise<number | null> {
  let motherId = v.orgMotherId;
  if (motherId === null && selfId !== 1) {
    if (v.orgLevel === ORG_LEVEL_STATE) motherId = 1;
    else if (v.orgLevel === ORG_LEVEL_CLUB && v.params.federalState) {
      const [state] = await db
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(eq(organisations.orgLevel, ORG_LEVEL_STATE), sql`${organisations.params}->>'federalState' = ${v.params.federalState}`))
        .limit(1);
      motherId = state?.id ?? null;
    }
  }
  if (motherId !== null) {
    if (motherId === selfId) throw new ApiError(422, 'validation', 'parentInvalid', { field: 'orgMotherId' });
    const parent = await findOrg(db, motherId);
    if (!parent) throw new ApiError(422, 'validation', 'parentInvalid', { field: 'orgMotherId', value: motherId });
  }
  return motherId;
}

function parseValues(input: unknown): OrganisationValues {
  const parsed = organisationSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, 422);
  return parsed.data;
}

/** POST org: only the federation creates organisations. */
export async function createOrg(deps: AppDeps, callerId: number, input: unknown, actingOrgId?: number): Promise<Organisation> {
  const actors = await orgScreenActors(deps, callerId, actingOrgId);
  const actor = actors.find((a) => canCreateOrg(a));
  if (!actor) throw forbidden('Only the federation creates organisations');
  const v = parseValues(input);
  const violation = checkOrgChange(actor, null, ruleValues({ ...v, id: null }), todayIso(deps.clock()));
  if (violation) throw violationError(violation);
  const orgMotherId = await resolveParent(deps.db, v, null);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(organisations)
      .values({ ...columns(v, {}), orgMotherId })
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'organisation',
      entityId: created.id,
      action: 'create',
      after: created,
    });
    return created;
  });
  return detail(deps, row, actor);
}

/** The stored record in the shape of the form's input, for merging a partial update over it. */
function storedAsInput(row: OrgRow): Record<string, unknown> {
  const { files: _files, ...params } = row.params ?? {};
  void _files;
  return {
    name: row.name,
    nameShort: row.nameShort,
    street: row.street ?? '',
    city: row.city ?? '',
    zip: row.zip ?? '',
    email: row.email ?? '',
    address: row.address,
    street2: row.street2,
    city2: row.city2,
    zip2: row.zip2,
    homepage: row.homepage,
    phoneOffice: row.phoneOffice,
    faxOffice: row.faxOffice,
    bso: row.bso,
    zvr: row.zvr,
    dvr: row.dvr,
    orgStartDate: row.orgStartDate,
    orgEndDate: row.orgEndDate,
    inoperativeSince: row.inoperativeSince,
    orgMotherId: row.orgMotherId,
    orgLevel: row.orgLevel,
    params,
  };
}

const UPDATABLE_KEYS = new Set(Object.keys(storedAsInput({ params: {} } as OrgRow)));

/** `actingOrgId`: the O{org} of the screen (optional: union rule otherwise). */
export type UpdateOrgOptions = { actingOrgId?: number };

/**
 * PUT org: merge the changes over the stored record, check rights, rules and staleness, and write it.
 * Setting or changing the end date ends every function assignment of the organisation as of that
 * date in the same transaction (assignments that would only start later are removed).
 */
export async function updateOrg(
  deps: AppDeps,
  callerId: number,
  input: { id: number; updatedAt: string } & Record<string, unknown>,
  options: UpdateOrgOptions = {},
): Promise<Organisation> {
  const { row: current, actor } = await orgForCaller(deps, callerId, input.id, 'edit', options.actingOrgId);

  const merged = storedAsInput(current);
  for (const [key, value] of Object.entries(input)) {
    // Left out (or sent as undefined) = unchanged; read-only and unknown keys are ignored.
    if (!UPDATABLE_KEYS.has(key) || value === undefined) continue;
    if (key === 'params') {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const { files: _ignored, ...rest } = value as Record<string, unknown>;
        void _ignored;
        merged.params = { ...(merged.params as object), ...rest };
      } else merged.params = value;
    } else merged[key] = value;
  }
  const v = parseValues(merged);
  const today = todayIso(deps.clock());
  const violation = checkOrgChange(actor, rowRuleValues(current), ruleValues({ ...v, id: current.id }), today);
  if (violation) throw violationError(violation);
  const orgMotherId = await resolveParent(deps.db, v, current.id);

  const updated = await deps.db.transaction(async (tx) => {
    // Lock the row and compare versions in SQL, so the comparison is exact on both engines.
    const [lock] = await tx
      .select({ fresh: sql<boolean>`${organisations.updatedAt} = ${input.updatedAt}::timestamptz`, before: organisations })
      .from(organisations)
      .where(eq(organisations.id, current.id))
      .for('update');
    if (!lock) throw notFound('No such organisation');
    const params = lock.before.params;
    if (!lock.fresh)
      throw new ApiError(409, 'stale', 'The organisation was changed in the meantime; reload it', {
        value: rfc3339(lock.before.updatedAt),
      });

    if (isDissolving(current, v)) await endAssignments(tx as unknown as Db, current.id, v.orgEndDate!);

    const [row] = await tx
      .update(organisations)
      .set({
        ...columns(v, params ?? {}),
        orgMotherId,
        updatedAt: sql`greatest(clock_timestamp(), ${organisations.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(organisations.id, current.id))
      .returning();
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'organisation',
      entityId: row.id,
      action: isDissolving(current, v) ? 'status' : 'update',
      before: lock.before,
      after: row,
    });
    return row;
  });
  return detail(deps, updated, actor);
}

/**
 * Dissolving: every function of the organisation ends as of `endDate`. Assignments running past it
 * end on it; assignments that would only begin after it never take effect and are removed.
 */
async function endAssignments(db: Db, orgId: number, endDate: string) {
  await db.delete(functionAssignments).where(and(eq(functionAssignments.orgId, orgId), gt(functionAssignments.dateFrom, endDate)));
  await db
    .update(functionAssignments)
    .set({ dateTo: endDate, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(functionAssignments.orgId, orgId), gt(functionAssignments.dateTo, endDate)));
}
