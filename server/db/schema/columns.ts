import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Every updatable record carries createdAt/updatedAt. Updates send the updatedAt they were based on;
 * the service compares it and answers 409 when the row changed in between.
 */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};
