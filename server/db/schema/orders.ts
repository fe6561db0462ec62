import { date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { organisations } from './organisations';

/**
 * Orders: licence orders (JAHRESLIZENZ_{year}) and club fees (VEREINSBEITRAG_{year}).
 * `status` is processing.status: Erstellt, Freigegeben, canceled ... `completed` set = completed.
 * The organisation's "fees" tab lists these; the orders issue extends the table.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    category: text('category').notNull(),
    status: text('status').notNull().default('Erstellt'),
    completed: date('completed', { mode: 'string' }),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    contact: jsonb('contact').$type<{ address?: string; street?: string; zip?: string; city?: string }>().notNull().default({}),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [index('orders_org_idx').on(t.orgId, t.category)],
);
