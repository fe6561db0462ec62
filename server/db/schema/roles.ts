import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { members } from './members';
import { organisations } from './organisations';

export type RoleParams = {
  /** Organisation ids whose users may assign/edit this role (role entries filtered by editWhitelist). */
  editWhitelist?: number[];
  /** Role offered only in these organisations. */
  orgWhitelist?: number[];
  /** Role never offered in these organisations. */
  orgBlacklist?: number[];
};

export const roleGroups = pgTable('role_groups', {
  id: integer('id').primaryKey(),
  group: text('group').notNull(),
  ...timestamps,
});

/** A function (role). The id is the funkId; ids that open a form are system roles (lib/domain/functions.ts). */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => roleGroups.id),
    params: jsonb('params').$type<RoleParams>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('roles_group_idx').on(t.groupId)],
);

/**
 * A member holds a role in an organisation from `dateFrom` to `dateTo` (inclusive).
 * `dateTo` in year 2999 or later means open-ended. Function 32 = club membership, 29 = licence.
 * The id is what the specification calls funkMgId.
 */
export const functionAssignments = pgTable(
  'function_assignments',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull().default('2999-12-31'),
    /** The bulk assignment (role_batches) that created it, so the batch can be undone exactly. */
    batchId: text('batch_id'),
    ...timestamps,
  },
  (t) => [
    index('fa_member_idx').on(t.memberId, t.roleId),
    // Holders of one function in one organisation (a club's members for the licence wizard, its
    // role holders): covering, so the holders come from the index alone.
    index('fa_org_role_idx').on(t.orgId, t.roleId, t.dateTo, t.dateFrom, t.memberId),
    // Holders of a function (member search by role): covering, so the holders come from the index alone.
    index('fa_role_idx').on(t.roleId, t.dateTo, t.dateFrom, t.memberId),
    // "Own members of an organisation" (active function there), read from the index alone: by
    // organisation (counting a club's members) and by member (checking list rows one by one).
    index('fa_org_active_member_idx').on(t.orgId, t.dateTo, t.dateFrom, t.memberId),
    index('fa_member_org_active_idx').on(t.memberId, t.orgId, t.dateTo, t.dateFrom),
    index('fa_batch_idx').on(t.batchId),
  ],
);

/** A bulk role assignment: who gave which roles in which organisation; undone_at once taken back. */
export const roleBatches = pgTable('role_batches', {
  id: text('id').primaryKey(),
  orgId: integer('org_id')
    .notNull()
    .references(() => organisations.id),
  createdBy: integer('created_by').notNull(),
  assigned: integer('assigned').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'string' }),
});
