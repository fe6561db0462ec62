import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who read a person's full record: one row per read (the member card, the person's data export, a
 * person search answer that carried contact data), never the data read. Plain ids, no foreign
 * keys: the trail outlives an erasure (the person's record is then anonymised, the reader's id
 * still says who looked).
 */
export const personReads = pgTable(
  'person_reads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The person whose record was read. */
    memberId: integer('member_id').notNull(),
    /** Who read it (the signed-in caller). */
    readBy: integer('read_by').notNull(),
    /** The organisation the reader acted in, when the read named one. */
    actingOrgId: integer('acting_org_id'),
    /** 'member_card' | 'export' | 'person_search' */
    kind: text('kind').notNull(),
  },
  (t) => [index('person_reads_member_idx').on(t.memberId, t.at), index('person_reads_reader_idx').on(t.readBy, t.at)],
);

/**
 * Persons whose data was erased (or anonymised by the retention job): their member row stays as an
 * anonymous record (birth year, gender, the clubs of their history) that invoices and licence
 * history point to, and every list, search and export leaves them out. `reason` is 'erasure' or
 * 'retention'; the erased values are recorded nowhere.
 */
export const erasedMembers = pgTable('erased_members', {
  memberId: integer('member_id').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  reason: text('reason').notNull(),
  /** Who erased (null for the retention job). */
  erasedBy: integer('erased_by'),
});
