import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';

/**
 * Second factors of a sign-in: an authenticator app (TOTP), passkeys (WebAuthn) and one-time
 * recovery codes, plus the short-lived state between the password and the second factor.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's authenticator-app secret (base32). It counts as a factor only once confirmed with a
 * first code. `last_used_step` is the time step of the last accepted code: a code is accepted
 * once, so only a later step is accepted next.
 */
export const totpSecrets = pgTable('totp_secrets', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: at('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** A member's passkeys (WebAuthn credentials); the id is the credential id (base64url). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_member_idx').on(t.memberId)],
);

/** One-time recovery codes; only the SHA-256 of each (high-entropy) code is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_member_idx').on(t.memberId, t.codeHash)],
);

/**
 * Half sign-ins: the password was right, the second factor (stage `verify`) or the enrolment a
 * policy demands (stage `enrol`) is still due. The half-signed-in token names the row; it lives
 * 5 minutes and ends when the real session is issued (`completed_at`). `email` and `client` key
 * the sign-in limit that wrong codes count toward.
 */
export const secondFactorPending = pgTable(
  'second_factor_pending',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    email: text('email').notNull(),
    client: text('client').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [index('second_factor_pending_member_idx').on(t.memberId)],
);

/**
 * WebAuthn challenges waiting for their answer, each usable once: a passkey's registration
 * (`member_id` the member), the second step of a sign-in (`member_id` the half-signed-in member)
 * or a password-less sign-in (no member yet; the client names the row by its id).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_member_idx').on(t.memberId)],
);
