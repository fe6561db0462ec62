import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * One merge of two person records: `mergedId` went into `survivorId`. The merged person's row is
 * gone from `members`; this row is its tombstone: reads of the merged id (a member's page, a
 * licence card) resolve to the survivor while the merge stands, and `before` holds everything an
 * undo needs (both records as they were, which rows moved, which were joined or set aside).
 * Ids are plain integers, not foreign keys: the merged id names no member while the merge stands.
 */
export const memberMerges = pgTable(
  'member_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    survivorId: integer('survivor_id').notNull(),
    mergedId: integer('merged_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    actorId: integer('actor_id').notNull(),
    actingOrgId: integer('acting_org_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'string' }),
    undoneBy: integer('undone_by'),
  },
  (t) => [
    // A record is merged away at most once at a time: the second of two parallel merges fails here too.
    uniqueIndex('member_merges_live_merged')
      .on(t.mergedId)
      .where(sql`${t.undoneAt} is null`),
    index('member_merges_survivor_idx').on(t.survivorId),
  ],
);

/**
 * Pairs marked "not the same person" in the duplicates report: they leave it for good. Stored
 * with the smaller id first, so a pair is one row whichever way round it was dismissed.
 */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    memberAId: integer('member_a_id').notNull(),
    memberBId: integer('member_b_id').notNull(),
    dismissedBy: integer('dismissed_by').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberAId, t.memberBId] }), check('duplicate_dismissals_order', sql`${t.memberAId} < ${t.memberBId}`)],
);
