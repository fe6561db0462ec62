import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { diffRecords } from '@/lib/domain/audit-diff';
import { ORG_LEVEL_FEDERATION } from '@/lib/domain/functions';
import { isFederationStaff } from '@/lib/domain/privacy/rights';
import type { AuditAction, AuditEntity, AuditPage, AuditQuery } from '@/lib/schemas/audit';
import type { SeedDb } from '../db/seed/insert';
import { auditEntries, memberMerges, members, organisations } from '../db/schema';
import type { AppDeps } from '../http/context';
import { ApiError, forbidden } from '../http/errors';
import { loadCaller, type Caller } from './access';
import { assertReadable, memberFormOrgs } from './member-access';
import { undoableMerges } from './members/merge-access';
import { actorFor, orgScreenActors } from './organisations/organisation-access';

/**
 * Writing and reading the audit trail. `recordAudit` takes the transaction of the write it
 * describes, so the entry commits or rolls back with it.
 */

export type AuditWrite = {
  actorId: number | null;
  actingOrgId?: number | null;
  entity: AuditEntity;
  entityId: number | string;
  action: AuditAction;
  /** The record before the write (null on create) and after it (null on delete). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The merge of two persons this write is part of. */
  mergeId?: string;
};

export async function recordAudit(tx: SeedDb, entry: AuditWrite): Promise<void> {
  const changes = diffRecords(entry.before ?? null, entry.after ?? null);
  // An update that changed nothing a reader can see (only updatedAt) is not worth an entry.
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  await tx.insert(auditEntries).values({
    actorId: entry.actorId,
    actingOrgId: entry.actingOrgId ?? null,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    changes,
    mergeId: entry.mergeId ?? null,
  });
}

/** The federation's staff read every history (the data-protection officer alone does not: lib/domain/privacy/rights.ts). */
const isFederation = (caller: Caller) =>
  isFederationStaff(caller.orgs.filter((o) => o.level === ORG_LEVEL_FEDERATION).flatMap((o) => o.functions));

/**
 * Whether the caller may read the history of one record: the federation reads everything; others
 * the records they may read themselves (a member of theirs, an organisation they can see).
 */
async function assertHistoryReadable(deps: AppDeps, caller: Caller, entity: AuditEntity, id: number): Promise<void> {
  if (isFederation(caller)) return;
  if (entity === 'member') {
    const orgs = memberFormOrgs(caller);
    for (const org of orgs) {
      try {
        await assertReadable(deps, org, id);
        return;
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 403) throw err;
      }
    }
    throw forbidden('You may not see the history of this member');
  }
  if (entity === 'organisation') {
    const [target] = await deps.db
      .select({ id: organisations.id, motherId: organisations.orgMotherId })
      .from(organisations)
      .where(eq(organisations.id, id));
    if (!target) throw new ApiError(404, 'not_found', 'No such organisation');
    actorFor(await orgScreenActors(deps, caller.memberId), { id: target.id, motherId: target.motherId }, 'read');
    return;
  }
  throw forbidden('Only the federation reads this history');
}

/** GET /admin/audit: newest first, paged. Without entity and id only the federation may ask. */
export async function listAudit(deps: AppDeps, callerId: number, query: AuditQuery): Promise<AuditPage> {
  const caller = await loadCaller(deps, callerId);
  if (query.id !== undefined && query.entity === undefined) {
    throw new ApiError(422, 'validation', 'An id needs an entity', { field: 'entity' });
  }
  const conditions: SQL[] = [];
  if (query.entity !== undefined) conditions.push(eq(auditEntries.entity, query.entity));
  if (query.id !== undefined) {
    await assertHistoryReadable(deps, caller, query.entity!, Number(query.id));
    // A person's history includes that of the records merged into them (while the merge stands).
    const merged =
      query.entity === 'member'
        ? await deps.db
            .select({ id: memberMerges.mergedId })
            .from(memberMerges)
            .where(and(eq(memberMerges.survivorId, Number(query.id)), isNull(memberMerges.undoneAt)))
        : [];
    conditions.push(inArray(auditEntries.entityId, [query.id, ...merged.map((m) => String(m.id))]));
  } else if (!isFederation(caller)) {
    throw forbidden('Only the federation reads the whole audit trail');
  }
  const rows = await deps.db
    .select({
      id: auditEntries.id,
      at: auditEntries.at,
      actorId: auditEntries.actorId,
      actorFirstName: members.firstName,
      actorSurname: members.surname,
      actingOrgId: auditEntries.actingOrgId,
      entity: auditEntries.entity,
      entityId: auditEntries.entityId,
      action: auditEntries.action,
      changes: auditEntries.changes,
      mergeId: auditEntries.mergeId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditEntries)
    .leftJoin(members, eq(members.id, auditEntries.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  // 'Rückgängig' on a merge's entry of the record asked for, where this caller may undo it now
  const mergeEntries = rows.filter(
    (r) => r.action === 'merge' && r.mergeId !== null && r.entityId === query.id && query.entity === 'member',
  );
  const undoable = await undoableMerges(
    deps,
    caller,
    mergeEntries.map((r) => r.mergeId!),
  );
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actorId: r.actorId,
      actorName: r.actorFirstName ? `${r.actorFirstName} ${r.actorSurname}` : null,
      actingOrgId: r.actingOrgId,
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      changes: r.changes,
      mergeId: r.mergeId,
      canUndo: mergeEntries.includes(r) && undoable.has(r.mergeId!),
    })),
    total: rows[0]?.total ?? 0,
    page: query.page,
    size: query.size,
  };
}
