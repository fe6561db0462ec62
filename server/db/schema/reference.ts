import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';

/** Countries, used for a member's nationality and country of residence. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  iso2: varchar('iso2', { length: 2 }).notNull().unique(),
  nameDe: text('name_de').notNull(),
  nameEn: text('name_en').notNull(),
});
