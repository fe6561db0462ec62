import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { members } from './members';
import { organisations } from './organisations';

/**
 * The message centre (form 1006): a message written once, addressed by roles × organisations and
 * events, delivered by e-mail and push through the outbox below. A sent message is never edited.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** The author (the spec's mgId). */
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Plain text: the push notification's body. */
    abstract: text('abstract').notNull().default(''),
    content: text('content').notNull().default(''),
    lang: text('lang').notNull().default('de'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A hidden message is kept as a note: nobody receives it. */
    visible: boolean('visible').notNull().default(true),
    media: text('media')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    roles: integer('roles')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    organisations: integer('organisations')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    events: integer('events')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    replyTo: text('reply_to'),
    /** Files the sender announced when sending (the form uploads them right after). */
    filesExpected: integer('files_expected').notNull().default(0),
    /**
     * Until when the outbox holds the message's deliveries for those files: cleared once they are
     * all stored, so the mails carry them; past it, the mails go with what has arrived.
     */
    filesHeldUntil: timestamp('files_held_until', { withTimezone: true, mode: 'string' }),
    /** When it was handed to the outbox (null for a hidden message). */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [index('messages_org_idx').on(t.orgId, t.id), check('messages_lang_check', sql`${t.lang} in ('de', 'en')`)],
);

/**
 * What a recipient sees in their inbox: one per message and person, whatever the media. Opening it
 * (PUT /notification) sets readAt, which is the push row's readAt in the message's status.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    /** The organisation that sent it (shown as the sender). */
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The recipient's folded name when it was sent (surname, first name): the Status tab's order. */
    sortName: text('sort_name').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    // the inbox: a person's notifications, newest first
    index('notifications_member_idx').on(t.memberId, t.createdAt, t.id),
    unique('notifications_message_member').on(t.messageId, t.memberId),
    // The Status tab pages a message's recipients by name, and counts the unread, from indexes alone.
    index('notifications_message_name_idx').on(t.messageId, t.sortName, t.memberId),
    index('notifications_message_read_idx').on(t.messageId, t.readAt),
  ],
);

/**
 * The outbox: one row per recipient, medium and sending round (a resend is a new round). The
 * worker claims due rows with row locks (FOR UPDATE SKIP LOCKED) for a lease, sends, and records
 * the result; a claim whose lease ran out (a worker that died) is taken again. `idempotencyKey`
 * travels with the delivery (the mail's Message-ID, the push's topic and tag), so a delivery that
 * is repeated after a crash is the same message to the receiver, not a second one.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    medium: text('medium').notNull(),
    round: integer('round').notNull().default(1),
    idempotencyKey: uuid('idempotency_key').notNull().unique().defaultRandom(),
    /** pending → sending → sent; failed after the last retry; no_address / no_subscription when there is nowhere to send. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
    claimedBy: text('claimed_by'),
    /** Where it went (the e-mail address; for push the number of devices). */
    target: text('target'),
    lastError: text('last_error'),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    unique('message_deliveries_once').on(t.messageId, t.memberId, t.medium, t.round),
    // The worker's question: which rows are due?
    index('message_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    // The rows of a page's recipients, and the count per state of a message.
    index('message_deliveries_notification_idx').on(t.notificationId),
    index('message_deliveries_message_state_idx').on(t.messageId, t.state),
    // Deleting a person deletes their deliveries: found by index, not by reading every delivery.
    index('message_deliveries_member_idx').on(t.memberId),
    check('message_deliveries_medium_check', sql`${t.medium} in ('email', 'push')`),
    check('message_deliveries_state_check', sql`${t.state} in ('pending', 'sending', 'sent', 'failed', 'no_address', 'no_subscription')`),
  ],
);

/** A browser's Web Push subscription; removed when the push service says it expired (404/410). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps,
  },
  (t) => [index('push_subscriptions_member_idx').on(t.memberId)],
);

/**
 * A message whose recipients are still being written (notifications and outbox rows): its
 * audience resolved once when it was sent (`memberIds`, by id), written in batches by the
 * preparation job (server/messages/message-preparation.ts) that advances `done` in the same
 * transaction as each batch's rows. A claim holds for a lease, so a job whose worker died is
 * finished by another; the row is removed once every recipient is written.
 */
export const messagePreparations = pgTable('message_preparations', {
  messageId: integer('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  memberIds: integer('member_ids').array().notNull(),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  claimedBy: text('claimed_by'),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
