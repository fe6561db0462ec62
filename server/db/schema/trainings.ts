import { date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { members } from './members';
import { organisations } from './organisations';

export type TrainingRules = { /** Organisation levels at which this training may be recorded/removed. */ editAtOrgLevel?: number[] };
export type TrainingParams = { /** Organisations that may record this training (absent = all). */ orgWhitelist?: number[] };

/** Training (certificate) definitions; id 1 is "Safety First", required for licence orders. */
export const trainingDefinitions = pgTable('training_definitions', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  groupTitle: text('group_title').notNull(),
  name: text('name').notNull(),
  /** How long a completed training stays valid; null = forever. Used to compute validTo. */
  validityMonths: integer('validity_months'),
  rules: jsonb('rules').$type<TrainingRules>().notNull().default({}),
  params: jsonb('params').$type<TrainingParams>().notNull().default({}),
  ...timestamps,
});

export const memberTrainings = pgTable(
  'member_trainings',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainingDefinitions.id),
    /** Organisation that recorded it. */
    orgId: integer('org_id').references(() => organisations.id),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }),
    controller: text('controller'),
    ...timestamps,
  },
  (t) => [index('member_trainings_member_idx').on(t.memberId), index('member_trainings_training_idx').on(t.trainingId)],
);
