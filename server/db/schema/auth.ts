import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';

/** Single-use password-reset tokens; only a hash of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('prt_member_idx').on(t.memberId)],
);

/** Failed sign-ins, per address and client, for rate limiting (kept in the DB so it survives restarts and works with several API processes). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    client: text('client').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.email, t.client, t.failedAt)],
);

/**
 * Counted attempts of rate-limited calls other than sign-in (server/services/rate-limit.ts): one
 * row per attempt that counts, per scope (which limit) and key (whose attempts, e.g. the caller).
 * In the database so a restart hands out no fresh tries and several API processes share one count.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.scope, t.key, t.at)],
);

/**
 * Password-reset requests waiting for the worker: the request only stores the address (alike for
 * known and unknown ones), the worker looks it up, creates the token and sends the mail. One row
 * per address; claimed with a lease (FOR UPDATE SKIP LOCKED) so several API processes never
 * handle one twice; removed once handled.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Due from then: now on arrival, later after a failed delivery. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_reset_requests_due_idx').on(t.nextAttemptAt)],
);

/**
 * Sign-in sessions. Every API token names one (`sid`); the token is accepted only while its
 * session is neither revoked nor expired, so sign-out, "sign out everywhere" and a password
 * change end tokens before their own expiry. The id is random and appears only inside the signed
 * token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);
