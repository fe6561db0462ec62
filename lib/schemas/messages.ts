import { z } from 'zod';
import { RICH_TEXT_MAX } from '@/lib/domain/news/rich-text';
import { GALLERY_MAX_FILES } from '@/lib/domain/gallery';
import { DELIVERY_STATES, MESSAGE_MEDIA } from '@/lib/domain/messages/delivery';
import { dbId } from './common';

/** The message centre (form 1006) and the recipients' notifications. Zod only. */

const readOnly = <T extends z.ZodType>(schema: T) => schema.meta({ readOnly: true });
const idList = (max: number) => z.array(dbId()).max(max, 'tooMany');

/** What the form sends: the message and its audience. Read-only fields of the answer are ignored. */
export const messageInputSchema = z.object({
  orgId: dbId(),
  title: z.string({ error: 'required' }).trim().min(1, 'required').max(300, 'tooLong'),
  /** Plain text shown as the push message. */
  abstract: z.string().trim().max(500, 'tooLong').default(''),
  content: z.string().max(RICH_TEXT_MAX, 'tooLong').default(''),
  lang: z.enum(['de', 'en'], { error: 'required' }),
  newscategory: z.array(z.string().trim().min(1).max(80)).max(20, 'tooMany').default([]),
  visible: z.boolean().default(true),
  media: z.array(z.enum(MESSAGE_MEDIA)).max(2).default(['email']),
  roles: idList(100).min(1, 'required'),
  organizations: idList(1000).default([]),
  events: idList(100).default([]),
  audienceParams: z.object({ replyTo: z.string().trim().max(320).nullable().optional() }).default({}),
  /** How many files the sender uploads right after sending: the e-mails wait for them. */
  files: z.number().int().min(0).max(GALLERY_MAX_FILES).default(0),
});
export type MessageInput = z.output<typeof messageInputSchema>;

export const messageListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(4),
});
export type MessageListQuery = z.output<typeof messageListQuery>;

export const MessageSchema = z
  .object({
    id: z.number().int(),
    /** The spec's newsId: the same id. */
    newsId: readOnly(z.number().int()),
    orgId: z.number().int(),
    mgId: readOnly(z.number().int().nullable()),
    title: z.string(),
    abstract: z.string(),
    content: z.string(),
    lang: z.enum(['de', 'en']),
    newscategory: z.array(z.string()),
    visible: z.boolean(),
    media: z.array(z.enum(MESSAGE_MEDIA)),
    roles: z.array(z.number().int()),
    organizations: z.array(z.number().int()),
    events: z.array(z.number().int()),
    audienceParams: z.object({ replyTo: z.string().nullable() }),
    attachedFiles: readOnly(
      z.array(
        z.object({ fileId: z.string(), fileName: z.string(), fileParam: z.record(z.string(), z.unknown()), featuredImage: z.boolean() }),
      ),
    ),
    /** Recipients and how many of their deliveries are done, for the list. */
    /**
     * Recipients and their deliveries for the list: failed are those the outbox gave up on;
     * those with nowhere to send (no e-mail address, no push subscription) are counted apart.
     */
    summary: readOnly(
      z.object({
        recipients: z.number().int(),
        pending: z.number().int(),
        sent: z.number().int(),
        failed: z.number().int(),
        noAddress: z.number().int(),
        noSubscription: z.number().int(),
        read: z.number().int(),
        /** While the recipients of a big message are still being written: how many of how many. */
        preparing: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
      }),
    ),
    publishedAt: readOnly(z.string().nullable()),
    updatedAt: readOnly(z.string()),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;
export const MessagePageSchema = z.object({ items: z.array(MessageSchema), total: z.number().int() }).meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** The choices of the form: roles, organisations and events the sender may address, reply-to addresses, categories. */
export const MessageAudienceSchema = z
  .object({
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    organizations: z.array(z.object({ id: z.number().int(), name: z.string() })),
    events: z.array(z.object({ id: z.number().int(), name: z.string(), start: z.string() })),
    replyTo: z.array(z.object({ title: z.string(), value: z.string() })),
    categories: z.array(z.string()),
  })
  .meta({ id: 'MessageAudience' });
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

export { DELIVERY_STATES };

/** One row of the Status tab: a recipient and one medium. */
export const DeliveryStatusSchema = z
  .object({
    memberId: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    medium: z.enum(MESSAGE_MEDIA),
    round: z.number().int(),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    processedAt: z.string().nullable(),
    readAt: z.string().nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'DeliveryStatus' });
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;
export const DeliveryStatusListSchema = z
  .object({
    /** The rows (medium, round) of one page of recipients, by name. */
    items: z.array(DeliveryStatusSchema),
    /** All rows of the message (pages count recipients: see `recipients`). */
    total: z.number().int(),
    /** Rows per state, over all pages. */
    states: z.record(z.enum(DELIVERY_STATES), z.number().int()),
    recipients: z.number().int(),
    unread: z.number().int(),
    /** While the recipients are still being written (a big message): how many of how many; then null. */
    preparing: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  })
  .meta({ id: 'DeliveryStatusList' });
export const deliveryStatusQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type DeliveryStatusList = z.infer<typeof DeliveryStatusListSchema>;

export const resendQuery = z.object({ to: z.literal('unread', { error: 'expected to=unread' }) });
export const ResendResultSchema = z.object({ recipients: z.number().int(), deliveries: z.number().int() }).meta({ id: 'ResendResult' });

/** A recipient's notification (the inbox). */
export const NotificationSchema = z
  .object({
    id: z.number().int(),
    messageId: readOnly(z.number().int().nullable()),
    orgId: readOnly(z.number().int()),
    orgName: readOnly(z.string()),
    title: z.string(),
    body: z.string(),
    content: readOnly(z.string()),
    read: z.boolean(),
    readAt: readOnly(z.string().nullable()),
    createdAt: readOnly(z.string()),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationPageSchema = z
  .object({ items: z.array(NotificationSchema), total: z.number().int(), unread: z.number().int() })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;
export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** PUT /notification: the notification as answered; only `read` is taken (true marks it read). */
export const notificationUpdateSchema = z.object({ id: dbId(), read: z.boolean() });
/** POST /notification: a direct notification to one person, sent as push by the sender's organisation. */
export const notificationInputSchema = z.object({
  orgId: dbId(),
  memberId: dbId(),
  title: z.string({ error: 'required' }).trim().min(1, 'required').max(300, 'tooLong'),
  body: z.string().trim().max(500, 'tooLong').default(''),
});

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'p256dh'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'auth'),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(2000) });
export const PushKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });
