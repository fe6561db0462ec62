import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { format, subDays } from 'date-fns';
import { todayIso } from '@/lib/domain/dates';
import { FUNCTION_LICENCE, FUNCTION_MEMBERSHIP, ORG_LEVEL_STATE } from '@/lib/domain/functions';
import { canEditOrg, fieldRights, type DocumentType } from '@/lib/domain/organisation-rules';
import type { OrgDocument, Organisation, OrganisationListItem, Place } from '@/lib/schemas/organisation-responses';
import type { Db } from '../../db/client';
import { functionAssignments, orders, organisations, places, uploadedFiles } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import type { ActingOrg } from '../access';
import { actorFor, orgScreenActors } from './organisation-access';
import { rfc3339 } from '../timestamps';
import { assignmentHeldBetween } from '../assignment-days';

/** Reading organisations, their fees, places and documents. Writing is in ./organisation-write.ts. */

export const ORG_DOCUMENT = 'org_document';
export const ORG_IMAGE = 'org_image';

type OrgRow = typeof organisations.$inferSelect;
type PlaceRow = typeof places.$inferSelect;

export const uploadUrl = (storedPath: string) => `/api/v1/uploads?file=${encodeURIComponent(storedPath)}`;
export const orgImageLink = (uuid: string | null) => (uuid ? `/api/v1/org/image/${uuid}` : null);

export const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v);

export function toPlace(p: PlaceRow): Place {
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
    updatedAt: rfc3339(p.updatedAt),
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
    updatedAt: rfc3339(row.updatedAt),
  };
}

/** Active memberships (32) and licences (29) per organisation. A licence counts one day past its end. */
async function countsByOrg(db: Db, orgIds: number[], today: string) {
  const result = new Map<number, { members: number; licenses: number }>();
  if (orgIds.length === 0) return result;
  const yesterday = format(subDays(new Date(`${today}T12:00:00`), 1), 'yyyy-MM-dd');
  const rows = await db
    .select({
      orgId: functionAssignments.orgId,
      members:
        sql<number>`count(distinct ${functionAssignments.memberId}) filter (where ${functionAssignments.roleId} = ${FUNCTION_MEMBERSHIP} and ${functionAssignments.dateTo} >= ${today})`.mapWith(
          Number,
        ),
      licenses:
        sql<number>`count(distinct ${functionAssignments.memberId}) filter (where ${functionAssignments.roleId} = ${FUNCTION_LICENCE})`.mapWith(
          Number,
        ),
    })
    .from(functionAssignments)
    .where(
      and(
        inArray(functionAssignments.orgId, orgIds),
        inArray(functionAssignments.roleId, [FUNCTION_MEMBERSHIP, FUNCTION_LICENCE]),
        assignmentHeldBetween(yesterday, today),
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
    uploadedAt: rfc3339(f.createdAt),
  };
}

export async function findOrg(db: Db, id: number): Promise<OrgRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

/** The organisation `id` and the caller's acting organisation for it, or 404/403. */
export async function orgForCaller(deps: AppDeps, callerId: number, id: number, mode: 'read' | 'edit', actingOrgId?: number) {
  const actors = await orgScreenActors(deps, callerId, actingOrgId);
  const row = await findOrg(deps.db, id);
  if (!row) throw notFound('No such organisation');
  const actor = actorFor(actors, { id: row.id, motherId: row.orgMotherId }, mode);
  return { row, actor };
}

/** Short names of the given organisations (parents a caller may not list still get their name). */
async function shortNames(db: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: organisations.id, nameShort: organisations.nameShort })
    .from(organisations)
    .where(inArray(organisations.id, wanted));
  return new Map(rows.map((r) => [r.id, r.nameShort]));
}

/** GET orgs/{id}: what the acting organisation may see, sorted by short name. */
export async function listOrgs(deps: AppDeps, callerId: number, actingId: number): Promise<OrganisationListItem[]> {
  const [actor] = await orgScreenActors(deps, callerId, actingId);
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
          // Open = created: not completed and not refunded.
          .where(and(inArray(orders.orgId, ids), isNull(orders.completed), eq(orders.canceled, false)))
          .groupBy(orders.orgId)
      : Promise.resolve([]),
    shortNames(
      deps.db,
      rows.map((r) => r.orgMotherId),
    ),
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

export async function detail(deps: AppDeps, row: OrgRow, actor: ActingOrg): Promise<Organisation> {
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
export async function getOrg(deps: AppDeps, callerId: number, id: number, actingOrgId?: number): Promise<Organisation> {
  const { row, actor } = await orgForCaller(deps, callerId, id, 'read', actingOrgId);
  return detail(deps, row, actor);
}
