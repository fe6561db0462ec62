import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/**
 * Every place in the database that holds a person (a row of `members`), in one list. Whatever
 * works on a person as a whole (merging two records, a person's own data export, erasure) takes
 * its rule per entry from a `Record<PersonReferenceKey, …>`, so a new entry is a compile error
 * until each of them says what happens to it; and tests/unit/person-references.test.ts fails when
 * the schema gains a column that refers to a person without an entry here.
 *
 * how:
 * - 'foreign-key': an integer column with a foreign key to members.id
 * - 'plain-id': an integer column holding a member id without a foreign key (history that must outlive the person)
 * - 'id-array': an integer[] of member ids
 * - 'owner': uploaded_files rows whose owner_type names a person (owner_id is then the member id)
 * - 'audit-entity': audit entries about a person (entity 'member', entity_id the member id)
 * - 'json': member ids inside a jsonb column
 */
export const PERSON_REFERENCES = [
  { key: 'function_assignments.member_id', table: 'function_assignments', column: 'member_id', how: 'foreign-key' },
  { key: 'member_trainings.member_id', table: 'member_trainings', column: 'member_id', how: 'foreign-key' },
  { key: 'order_items.member_id', table: 'order_items', column: 'member_id', how: 'foreign-key' },
  { key: 'notifications.member_id', table: 'notifications', column: 'member_id', how: 'foreign-key' },
  { key: 'message_deliveries.member_id', table: 'message_deliveries', column: 'member_id', how: 'foreign-key' },
  { key: 'push_subscriptions.member_id', table: 'push_subscriptions', column: 'member_id', how: 'foreign-key' },
  { key: 'sessions.member_id', table: 'sessions', column: 'member_id', how: 'foreign-key' },
  { key: 'password_reset_tokens.member_id', table: 'password_reset_tokens', column: 'member_id', how: 'foreign-key' },
  { key: 'news.created_by', table: 'news', column: 'created_by', how: 'foreign-key' },
  { key: 'messages.created_by', table: 'messages', column: 'created_by', how: 'foreign-key' },
  { key: 'orders.created_by', table: 'orders', column: 'created_by', how: 'plain-id' },
  { key: 'role_batches.created_by', table: 'role_batches', column: 'created_by', how: 'plain-id' },
  { key: 'uploaded_files.uploaded_by', table: 'uploaded_files', column: 'uploaded_by', how: 'plain-id' },
  { key: 'audit_entries.actor_id', table: 'audit_entries', column: 'actor_id', how: 'plain-id' },
  { key: 'message_preparations.member_ids', table: 'message_preparations', column: 'member_ids', how: 'id-array' },
  { key: 'uploaded_files.owner_id', table: 'uploaded_files', column: 'owner_id', how: 'owner' },
  { key: 'audit_entries.entity_id', table: 'audit_entries', column: 'entity_id', how: 'audit-entity' },
  { key: 'tournaments.params', table: 'tournaments', column: 'params', how: 'json' },
] as const satisfies readonly { key: string; table: string; column: string; how: string }[];

export type PersonReference = (typeof PERSON_REFERENCES)[number];
/** @public the key a merge, export or erasure rule names an entry by */
export type PersonReferenceKey = PersonReference['key'];

/**
 * Integer columns whose names look like a person but aren't one, each with the reason, so the
 * completeness test can tell them from a forgotten reference.
 */
export const NOT_PERSON_REFERENCES: Record<string, string> = {
  'order_categories.member_net_price_cents': 'a price for members, not a member',
  'audit_entries.acting_org_id': 'an organisation',
};

/** The (table, column) pairs with a foreign key to members.id, read from the Drizzle schema. */
export function personForeignKeysInSchema(): { table: string; column: string }[] {
  const found: { table: string; column: string }[] = [];
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (getTableConfig(ref.foreignTable).name !== 'members') continue;
      for (const column of ref.columns) found.push({ table: config.name, column: column.name });
    }
  }
  return found;
}

/** Every (table, column) of the schema with its SQL type, for the completeness test. */
export function columnsInSchema(): { table: string; column: string; type: string }[] {
  const out: { table: string; column: string; type: string }[] = [];
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    for (const column of config.columns) out.push({ table: config.name, column: column.name, type: column.getSQLType() });
  }
  return out;
}
