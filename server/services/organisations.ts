import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { format, subDays } from 'date-fns';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP, ORG_LEVEL_CLUB, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import {
  canCreateOrg,
  canEditOrg,
  checkOrgChange,
  fieldRights,
  isDissolving,
  type OrgRuleValues,
  type DocumentType,
  type RuleViolation,
} from '@/lib/domain/organisation-rules';
import { organisationSchema, type OrganisationValues } from '@/lib/schemas/organisation';
import type { OrgDocument, Organisation, OrganisationListItem, Place } from '@/lib/schemas/organisation-responses';
import type { Db } from '../db/client';
import { functionAssignments, orders, organisations, places, uploadedFiles, type OrgParams } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ApiError, forbidden, notFound, validationError } from '../http/errors';
import type { ActingOrg } from './access';
import { actorFor, orgScreenActors } from './organisation-access';

/** Organisations, their fees, places and documents (core §3, §5, §6; notes/organisations-contract.md). */

export const ORG_DOCUMENT = 'org_document';
export const ORG_IMAGE = 'org_image';

type OrgRow = typeof organisations.$inferSelect;
type PlaceRow = typeof places.$inferSelect;

export const uploadUrl = (storedPath: string) => `/api/v1/uploads?file=${encodeURIComponent(storedPath)}`;
export const orgImageLink = (uuid: string | null) => (uuid ? `/api/v1/org/image/${uuid}` : null);

const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v);

function toPlace(p: PlaceRow): Place {
  return {
    id: p.id,
    orgId: p.orgId,
    pname: p.pname,
    address: blankToNull(p.address),
    city: blankToNull(p.city),
    zip: blankToNull(p.zip),
    lat: p.lat,
    lon: p.lon,
    params: { openingHours: p.params?.openingHours ?? null, training: p.params?.training ?? [] },
    updatedAt: p.updatedAt,
  };
}

/** The record as answered by list and detail (without fees/places, which only the detail adds). */
function toOrgBase(row: OrgRow, extra: { members: number; licenses: number; files: OrgDocument[] }) {
  const params = row.params ?? {};
  return {
    id: row.id,
    uuid: row.uuid,
    imageLink: orgImageLink(row.uuid),
    name: row.name,
    nameShort: row.nameShort,
    street: blankToNull(row.street),
    city: blankToNull(row.city),
    zip: blankToNull(row.zip),
    address: blankToNull(row.address),
    street2: blankToNull(row.street2),
    city2: blankToNull(row.city2),
    zip2: blankToNull(row.zip2),
    email: blankToNull(row.email),
    homepage: blankToNull(row.homepage),
    phoneOffice: blankToNull(row.phoneOffice),
    faxOffice: blankToNull(row.faxOffice),
    bso: blankToNull(row.bso),
    zvr: blankToNull(row.zvr),
    dvr: blankToNull(row.dvr),
    orgStartDate: row.orgStartDate,
    orgEndDate: row.orgEndDate,
    inoperativeSince: row.inoperativeSince,
    orgMotherId: row.orgMotherId,
    orgLevel: row.orgLevel,
    members: extra.members,
    licenses: extra.licenses,
    params: {
      iban: params.iban ?? null,
      association: params.association ?? null,
      section: Boolean(params.section),
      coop_partner: Boolean(params.coop_partner),
      clubName: params.clubName ?? null,
      clubNameVisible: Boolean(params.clubNameVisible),
      zvrNumber: params.zvrNumber ?? null,
      federalState: params.federalState ?? null,
      files: extra.files,
    },
    updatedAt: row.updatedAt,
  };
}

/** Active memberships (32) and licences (29) per organisation. A licence counts one day past its end (core §4). */
async function countsByOrg(db: Db, orgIds: number[], today: string) {
  const result = new Map<number, { members: number; licenses: number }>();
  if (orgIds.length === 0) return result;
  const yesterday = format(subDays(new Date(`${today}T12:00:00`), 1), 'yyyy-MM-dd');
  const rows = await db
    .select({
      orgId: functionAssignments.orgId,
      members: sql<number>`count(distinct ${functionAssignments.memberId}) filter (where ${functionAssignments.roleId} = ${FUNCTION_MEMBERSHIP} and ${functionAssignments.dateTo} >= ${today})`.mapWith(Number),
      licenses: sql<number>`count(distinct ${functionAssignments.memberId}) filter (where ${functionAssignments.roleId} = ${FUNCTION_LICENCE})`.mapWith(Number),
    })
    .from(functionAssignments)
    .where(
      and(
        inArray(functionAssignments.orgId, orgIds),
        inArray(functionAssignments.roleId, [FUNCTION_MEMBERSHIP, FUNCTION_LICENCE]),
        lte(functionAssignments.dateFrom, today),
        gte(functionAssignments.dateTo, yesterday),
      ),
    )
    .groupBy(functionAssignments.orgId);
  for (const r of rows) result.set(r.orgId, { members: r.members, licenses: r.licenses });
  return result;
}

async function documentsByOrg(db: Db, orgIds: number[]) {
  const result = new Map<number, OrgDocument[]>();
  if (orgIds.length === 0) return result;
  const rows = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerType, ORG_DOCUMENT), inArray(uploadedFiles.ownerId, orgIds)))
    .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.id));
  for (const f of rows) {
    const list = result.get(f.ownerId!) ?? [];
    list.push(toDocument(f));
    result.set(f.ownerId!, list);
  }
  return result;
}

export function toDocument(f: typeof uploadedFiles.$inferSelect): OrgDocument {
  return {
    uuid: f.uuid,
    url: uploadUrl(f.storedPath),
    name: f.originalName,
    type: String(f.params?.type ?? '') as DocumentType,
    mime: f.mime,
    size: f.size,
    uploadedAt: f.createdAt,
  };
}

async function findOrg(db: Db, id: number): Promise<OrgRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

/** The organisation `id` and the caller's acting organisation for it, or 404/403. */
export async function orgForCaller(deps: AppDeps, memberId: number, id: number, mode: 'read' | 'edit', actingOrgId?: number) {
  const actors = await orgScreenActors(deps, memberId, actingOrgId);
  const row = await findOrg(deps.db, id);
  if (!row) throw notFound('No such organisation');
  const actor = actorFor(actors, { id: row.id, motherId: row.orgMotherId }, mode);
  return { row, actor };
}

/** Short names of the given organisations (parents a caller may not list still get their name). */
async function shortNames(db: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: organisations.id, nameShort: organisations.nameShort }).from(organisations).where(inArray(organisations.id, wanted));
  return new Map(rows.map((r) => [r.id, r.nameShort]));
}

/** GET orgs/{id}: what the acting organisation may see, sorted by short name. */
export async function listOrgs(deps: AppDeps, memberId: number, actingId: number): Promise<OrganisationListItem[]> {
  const [actor] = await orgScreenActors(deps, memberId, actingId);
  const base = deps.db.select().from(organisations);
  let rows: OrgRow[];
  if (actor.level === 1) rows = await base;
  else if (actor.level === ORG_LEVEL_STATE && !actor.coopPartner) {
    rows = await base.where(sql`${organisations.id} = ${actor.id} or ${organisations.orgMotherId} = ${actor.id}`);
  } else rows = await base.where(eq(organisations.id, actor.id));

  const ids = rows.map((r) => r.id);
  const today = todayIso(deps.clock());
  const [counts, files, open, motherName] = await Promise.all([
    countsByOrg(deps.db, ids, today),
    documentsByOrg(deps.db, ids),
    ids.length
      ? deps.db
          .select({ orgId: orders.orgId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(orders)
          .where(and(inArray(orders.orgId, ids), isNull(orders.completed)))
          .groupBy(orders.orgId)
      : Promise.resolve([]),
    shortNames(deps.db, rows.map((r) => r.orgMotherId)),
  ]);
  const openByOrg = new Map(open.map((o) => [o.orgId, o.n]));
  const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
  return rows
    .map((r) => ({
      ...toOrgBase(r, { ...(counts.get(r.id) ?? { members: 0, licenses: 0 }), files: files.get(r.id) ?? [] }),
      orgMotherName: r.orgMotherId === null ? null : (motherName.get(r.orgMotherId) ?? null),
      openFees: openByOrg.get(r.id) ?? 0,
    }))
    .sort((a, b) => collator.compare(a.nameShort, b.nameShort) || a.id - b.id);
}

async function detail(deps: AppDeps, row: OrgRow, actor: ActingOrg): Promise<Organisation> {
  const today = todayIso(deps.clock());
  const [counts, files, fees, placeRows, mother] = await Promise.all([
    countsByOrg(deps.db, [row.id], today),
    documentsByOrg(deps.db, [row.id]),
    deps.db.select().from(orders).where(eq(orders.orgId, row.id)).orderBy(desc(orders.createdAt), desc(orders.id)),
    deps.db.select().from(places).where(eq(places.orgId, row.id)).orderBy(asc(places.pname), asc(places.id)),
    row.orgMotherId === null
      ? Promise.resolve([])
      : deps.db.select({ nameShort: organisations.nameShort }).from(organisations).where(eq(organisations.id, row.orgMotherId)),
  ]);
  return {
    ...toOrgBase(row, { ...(counts.get(row.id) ?? { members: 0, licenses: 0 }), files: files.get(row.id) ?? [] }),
    orgMotherName: mother[0]?.nameShort ?? null,
    fees: fees.map((o) => ({ orderId: o.id, ordercat: o.category, processing: { status: o.status }, completed: o.completed })),
    places: placeRows.map(toPlace),
    canEdit: canEditOrg(actor, row),
    fieldRights: fieldRights(actor),
  };
}

/** GET org/{id}. */
export async function getOrg(deps: AppDeps, memberId: number, id: number, actingOrgId?: number): Promise<Organisation> {
  const { row, actor } = await orgForCaller(deps, memberId, id, 'read', actingOrgId);
  return detail(deps, row, actor);
}

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
export async function createOrg(deps: AppDeps, memberId: number, input: unknown, actingOrgId?: number): Promise<Organisation> {
  const actors = await orgScreenActors(deps, memberId, actingOrgId);
  const actor = actors.find((a) => canCreateOrg(a));
  if (!actor) throw forbidden('Only the federation creates organisations');
  const v = parseValues(input);
  const violation = checkOrgChange(actor, null, ruleValues({ ...v, id: null }), todayIso(deps.clock()));
  if (violation) throw violationError(violation);
  const orgMotherId = await resolveParent(deps.db, v, null);
  const [row] = await deps.db
    .insert(organisations)
    .values({ ...columns(v, {}), orgMotherId })
    .returning();
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
  memberId: number,
  input: { id: number; updatedAt: string } & Record<string, unknown>,
  options: UpdateOrgOptions = {},
): Promise<Organisation> {
  const { row: current, actor } = await orgForCaller(deps, memberId, input.id, 'edit', options.actingOrgId);

  const merged = storedAsInput(current);
  for (const [key, value] of Object.entries(input)) {
    if (!UPDATABLE_KEYS.has(key)) continue;
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
      .select({ fresh: sql<boolean>`${organisations.updatedAt} = ${input.updatedAt}::timestamptz`, params: organisations.params })
      .from(organisations)
      .where(eq(organisations.id, current.id))
      .for('update');
    if (!lock) throw notFound('No such organisation');
    if (!lock.fresh) throw new ApiError(409, 'stale', 'The organisation was changed in the meantime; reload it', { value: current.updatedAt });

    if (isDissolving(current, v)) await endAssignments(tx as unknown as Db, current.id, v.orgEndDate!);

    const [row] = await tx
      .update(organisations)
      .set({
        ...columns(v, lock.params ?? {}),
        orgMotherId,
        updatedAt: sql`greatest(clock_timestamp(), ${organisations.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(organisations.id, current.id))
      .returning();
    return row;
  });
  return detail(deps, updated, actor);
}

/**
 * Dissolving: every function of the organisation ends as of `endDate`. Assignments running past it
 * end on it; assignments that would only begin after it never take effect and are removed.
 */
async function endAssignments(db: Db, orgId: number, endDate: string) {
  await db
    .delete(functionAssignments)
    .where(and(eq(functionAssignments.orgId, orgId), gt(functionAssignments.dateFrom, endDate)));
  await db
    .update(functionAssignments)
    .set({ dateTo: endDate, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(functionAssignments.orgId, orgId), gt(functionAssignments.dateTo, endDate)));
}

export { toPlace };
