import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per write (create, update, delete, status change, upload, role
 * assignment, sign-in lockout), written in the same transaction as the write itself, so there is
 * never a write without its entry nor an entry without its write. Rows are never updated.
 * actor and acting organisation are plain ids, not foreign keys: the history of a deleted member
 * or organisation must survive it.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Who did it; null for an anonymous event (a sign-in lockout). */
    actorId: integer('actor_id'),
    /** The organisation the actor acted in, when the write happened on an organisation's behalf. */
    actingOrgId: integer('acting_org_id'),
    /** What kind of record: 'member', 'organisation', 'place', 'function', 'training', 'file', 'login'. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** 'create' | 'update' | 'delete' | 'status' | 'upload' | 'assign' | 'lockout' */
    action: text('action').notNull(),
    /** The changed fields, before and after: `{ field: { before, after } }`; secrets are never recorded. */
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
    /** The merge of two persons (member_merges.id) this entry is part of: a merge's and its undo's entries carry it. */
    mergeId: uuid('merge_id'),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId, t.at), index('audit_at_idx').on(t.at), index('audit_merge_idx').on(t.mergeId)],
);
