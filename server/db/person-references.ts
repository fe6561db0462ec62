import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export { PERSON_REFERENCES, type PersonReferenceKey } from './person-reference-list';

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
