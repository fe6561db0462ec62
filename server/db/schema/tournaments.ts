import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { orders } from './orders';
import { organisations } from './organisations';

// Relative import: drizzle-kit loads this file without the '@/' path alias.
import type { TournamentTypeParams } from '../../../lib/domain/tournaments/rules';

export type { TournamentTypeParams };

/** A person named on a tournament (main referee, referee): the member id and the name as picked. */
export type TournamentPerson = { id: number; firstName: string; lastName: string };

/** The tournament's details (params): everything of the form beyond name, type and dates. */
export type TournamentParams = {
  location: string;
  linkToRegistration?: string | null;
  email: string;
  phone?: string | null;
  contactPerson: string;
  canceled?: boolean;
  files?: Array<{ name: string; url: string }>;
  discipline?: number | null;
  rule?: string | null;
  divisions?: string[];
  gradeCodes?: string[];
  rangeCommanders?: Array<{ firstName: string; lastName: string }>;
  mainReferee?: TournamentPerson | null;
  referees?: TournamentPerson[];
  numberAnimals?: number | null;
};

/** The copy of a tournament kept as the club first submitted it (and the current one). */
export type TournamentCopy = {
  name: string;
  typeId: number;
  start: string;
  end: string;
  openFrom: string;
  openTo: string;
  params: TournamentParams;
};

/** A comment of the tournament's conversation (comment.messages). */
export type TournamentComment = { name: string; content: string; user: number | null; uuid: string | null; timestamp: string };

/** Kinds of tournament (Leistungssport indoor/outdoor, 3D, championships, Breitensport) with what each offers. */
export const tournamentTypes = pgTable('tournament_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  params: jsonb('params').$type<TournamentTypeParams>().notNull(),
  ...timestamps,
});

/**
 * A tournament a club announces. The columns hold the current copy; `original` the first
 * submission, kept unchanged; `approvedSnapshot` the version the federation last approved, which
 * is what the public sees until it approves a change. Dates are calendar days (midnight UTC).
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => tournamentTypes.id),
    name: text('name').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    openFrom: date('open_from', { mode: 'string' }).notNull(),
    openTo: date('open_to', { mode: 'string' }).notNull(),
    /** null until the federation approves; false when changed since, awaiting approval. */
    approved: boolean('approved'),
    /** The payment status of the tournament fee (one of PAYMENT_STATUSES). */
    orderStatus: text('order_status'),
    /** The order of the tournament fee, placed when the federation approves (types with a fee category). */
    orderId: integer('order_id').references(() => orders.id),
    params: jsonb('params').$type<TournamentParams>().notNull(),
    original: jsonb('original').$type<TournamentCopy>().notNull(),
    /** The version last approved (null: never approved): what the public calendar shows. */
    approvedSnapshot: jsonb('approved_snapshot').$type<TournamentCopy>(),
    /** The calendar's SEQUENCE: 0 at the first approval, one more with each published change. */
    publishedSequence: integer('published_sequence').notNull().default(0),
    /** When the public version last changed (approval, published change, cancellation). */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    comments: jsonb('comments').$type<TournamentComment[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('tournaments_org_idx').on(t.orgId, t.start),
    index('tournaments_start_idx').on(t.start),
    check('tournaments_dates_check', sql`${t.end} >= ${t.start}`),
  ],
);
