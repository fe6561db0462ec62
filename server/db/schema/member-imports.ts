import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

/**
 * Member imports: who imported which file into which club, and per row what it did to whom, so
 * the whole import can be taken back the same day. Person ids are plain ids, not foreign keys: an
 * undone import removes the persons it created, and the record of the import outlives them.
 */
export const memberImports = pgTable('member_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: integer('org_id')
    .notNull()
    .references(() => organisations.id),
  createdBy: integer('created_by').notNull(),
  /** The plan the import applied (hash of file, mapping and the rows' state). */
  planId: text('plan_id').notNull(),
  fileName: text('file_name').notNull(),
  /** Rows per verdict: create, connect, update, unchanged, refused, total. */
  counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  /** The calendar day of the import (the API's clock), for "undo the same day". */
  importDay: text('import_day').notNull(),
  undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'string' }),
  undoneBy: integer('undone_by'),
});

/** One row of an import that changed something: created, connected or updated a person. */
export const memberImportRows = pgTable(
  'member_import_rows',
  {
    id: serial('id').primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => memberImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    /** 'create' | 'connect' | 'update' */
    verdict: text('verdict').notNull(),
    memberId: integer('member_id').notNull(),
    /** The membership the import gave (create, connect). */
    assignmentId: integer('assignment_id'),
    /** update: the changed fields' values before the import. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    /** The person's (update, create) or membership's (connect) updatedAt right after the import: a different one means changed since. */
    updatedAtAfter: text('updated_at_after').notNull(),
  },
  (t) => [index('member_import_rows_import_idx').on(t.importId)],
);
