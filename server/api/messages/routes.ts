import { createRoute, z } from '@hono/zod-openapi';
import {
  DeliveryStatusListSchema,
  deliveryStatusQuery,
  MessageAudienceSchema,
  messageInputSchema,
  messageListQuery,
  MessagePageSchema,
  MessageSchema,
  NotificationPageSchema,
  NotificationSchema,
  notificationInputSchema,
  notificationListQuery,
  notificationUpdateSchema,
  PushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  resendQuery,
  ResendResultSchema,
} from '@/lib/schemas/messages';
import { idText } from '@/lib/schemas/common';
import { access } from '../../http/access-rule';
import { errorResponses } from '../../http/errors';
import { binary, json, OkSchema } from '../../http/route-parts';
import { signedIn } from '../require-auth';

/**
 * The message centre (form 1006): messages to members by e-mail and push, with the status of
 * every delivery; and the recipients' side: their notifications and push subscriptions.
 */

const tags = ['Message centre'];
const orgParams = z.object({ orgId: idText.meta({ description: 'The acting organisation (form 1006 there)' }) });
const messageParams = z.object({ id: idText.meta({ description: 'The message' }) });
const one = { description: 'The message', content: json(MessageSchema) };
const messageCentre = access({ own: ['club', 'federation'], foreign: [] });

// OpenAPI allows one parameter name per path template: GET /messages/{id} names the acting
// organisation, DELETE /messages/{id} the message.
const listParams = z.object({ id: idText.meta({ description: 'The acting organisation (form 1006 there)' }) });

export const list = createRoute({
  method: 'get',
  path: '/api/v1/admin/messages/{id}',
  operationId: 'listMessages',
  ...messageCentre,
  tags,
  summary: "The organisation's messages, newest first, searched (title and text) and paged in the database (4 per page)",
  request: { params: listParams, query: messageListQuery },
  responses: { 200: { description: 'A page of messages', content: json(MessagePageSchema) }, ...errorResponses(401, 403, 422) },
});

export const audience = createRoute({
  method: 'get',
  path: '/api/v1/admin/messages/{orgId}/audience',
  operationId: 'messageAudience',
  ...messageCentre,
  tags,
  summary: 'What the form offers: roles, the organisations the sender may reach, their upcoming events, reply-to addresses, categories',
  request: { params: orgParams },
  responses: { 200: { description: 'The choices', content: json(MessageAudienceSchema) }, ...errorResponses(401, 403, 422) },
});

export const create = createRoute({
  method: 'post',
  path: '/api/v1/admin/messages',
  operationId: 'sendMessage',
  ...messageCentre,
  tags,
  summary: 'Write and send a message: recipients resolved now, one outbox row per recipient and medium, delivered by the worker',
  description:
    'Recipients: holders of an active function among `roles` in `organizations` (none named: every organisation the sender may reach), ' +
    'plus the referees of the chosen `events`; each person once; only people the sender may reach (a club its own members, a state ' +
    'association its clubs, the federation everyone). A hidden message (`visible: false`) is kept, not sent. `audienceParams.replyTo` ' +
    'must be one of the configured reply-to addresses (422 `unknownReplyTo`). The content is sanitised like news.',
  request: { body: { required: true, content: json(messageInputSchema) } },
  responses: { 201: one, ...errorResponses(400, 401, 403, 422) },
});

export const remove = createRoute({
  method: 'delete',
  path: '/api/v1/admin/messages/{id}',
  operationId: 'deleteMessage',
  ...messageCentre,
  tags,
  summary: 'Delete a message with its files, notifications and outbox rows (deliveries not yet made are not made)',
  request: { params: messageParams },
  responses: {
    200: { description: 'Deleted', content: json(z.object({ deleted: z.number().int() })) },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const status = createRoute({
  method: 'get',
  path: '/api/v1/admin/messages/{id}/status',
  operationId: 'messageStatus',
  ...messageCentre,
  tags,
  summary:
    'One row per recipient, medium and round: state, attempts, processedAt, readAt (push: when the notification was opened); paged by recipient name (50 recipients per page), with the count per state',
  request: { params: messageParams, query: deliveryStatusQuery },
  responses: { 200: { description: 'Delivery status', content: json(DeliveryStatusListSchema) }, ...errorResponses(401, 403, 404, 422) },
});

export const resend = createRoute({
  method: 'post',
  path: '/api/v1/admin/messages/{id}/resend',
  operationId: 'resendMessage',
  ...messageCentre,
  tags,
  summary: "Send the message again (a new round, all its media) to the recipients who haven't opened it",
  description: '409 `not_sent` for a hidden message.',
  request: { params: messageParams, query: resendQuery },
  responses: { 200: { description: 'Queued', content: json(ResendResultSchema) }, ...errorResponses(401, 403, 404, 409, 422) },
});

export const deleteImage = createRoute({
  method: 'delete',
  path: '/api/v1/admin/messages/image/{id}/{imageId}',
  operationId: 'deleteMessageFile',
  ...messageCentre,
  tags,
  summary: 'Remove a file (and its thumbnails) from the message',
  request: { params: messageParams.extend({ imageId: z.uuid().meta({ description: 'The file (fileId)' }) }) },
  responses: { 200: one, ...errorResponses(401, 403, 404, 422) },
});

export const uploadDoc = {
  method: 'post' as const,
  path: '/api/v1/admin/messages/upload/{id}',
  operationId: 'uploadMessageFiles',
  ...messageCentre,
  tags,
  summary: 'Add up to 3 files to a message (PNG, JPEG or PDF by content, 1 byte to 50 MB each); pictures get thumbnails xs/sm/md',
  description:
    'multipart/form-data, field `files` (repeated). 422 `too_many_files` for a fourth; 409 `gallery_full` when the gallery would hold more than 20 files; 415 for another type; all or nothing.',
  security: signedIn.security,
  request: {
    params: messageParams,
    body: { required: true, content: { 'multipart/form-data': { schema: z.object({ files: z.array(binary) }) } } },
  },
  responses: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422) },
};

// ---- the recipient's side: every signed-in person ----

const notificationTags = ['Notifications'];
const own = access.signedIn;

export const notificationList = createRoute({
  method: 'get',
  path: '/api/v1/notification',
  operationId: 'listNotifications',
  ...own,
  ...signedIn,
  tags: notificationTags,
  summary: "The caller's notifications, newest first, with the number unread",
  request: { query: notificationListQuery },
  responses: { 200: { description: 'Notifications', content: json(NotificationPageSchema) }, ...errorResponses(401, 422) },
});

export const pushKey = createRoute({
  method: 'get',
  path: '/api/v1/notification/push-key',
  operationId: 'pushPublicKey',
  ...own,
  ...signedIn,
  tags: notificationTags,
  summary: "The server's VAPID public key, for PushManager.subscribe (applicationServerKey)",
  responses: { 200: { description: 'The key', content: json(PushKeySchema) }, ...errorResponses(401) },
});

export const notificationOne = createRoute({
  method: 'get',
  path: '/api/v1/notification/{id}',
  operationId: 'getNotification',
  ...own,
  ...signedIn,
  tags: notificationTags,
  summary: "One of the caller's notifications, with the message's content (another person's is 404)",
  request: { params: z.object({ id: idText }) },
  responses: { 200: { description: 'The notification', content: json(NotificationSchema) }, ...errorResponses(401, 404, 422) },
});

export const notificationUpdate = createRoute({
  method: 'put',
  path: '/api/v1/notification',
  operationId: 'updateNotification',
  ...own,
  ...signedIn,
  tags: notificationTags,
  summary: "Mark one of the caller's notifications read (`read: true`, sets readAt once) or unread; the rest of the object is ignored",
  request: { body: { required: true, content: json(notificationUpdateSchema) } },
  responses: { 200: { description: 'The notification', content: json(NotificationSchema) }, ...errorResponses(400, 401, 404, 422) },
});

export const notificationCreate = createRoute({
  method: 'post',
  path: '/api/v1/notification',
  operationId: 'createNotification',
  ...messageCentre,
  ...signedIn,
  tags: notificationTags,
  summary: 'A direct notification to one person, pushed to their devices (form 1006 in orgId; the person must be within reach)',
  request: { body: { required: true, content: json(notificationInputSchema) } },
  responses: { 201: { description: 'The notification', content: json(NotificationSchema) }, ...errorResponses(400, 401, 403, 404, 422) },
});

export const subscribe = createRoute({
  method: 'post',
  path: '/api/v1/notification/subscription',
  operationId: 'subscribePush',
  ...own,
  ...signedIn,
  tags: notificationTags,
  summary: "Register this browser's push subscription for the caller (PushSubscription.toJSON()); the same endpoint again replaces it",
  description: 'The endpoint must be an https URL of a push service (422 `pushService` otherwise).',
  request: { body: { required: true, content: json(pushSubscriptionSchema) } },
  responses: { 201: { description: 'Registered', content: json(OkSchema) }, ...errorResponses(400, 401, 422) },
});

export const unsubscribe = createRoute({
  method: 'delete',
  path: '/api/v1/notification/subscription',
  operationId: 'unsubscribePush',
  ...own,
  ...signedIn,
  tags: notificationTags,
  summary: "Remove the caller's subscription for this endpoint (another person's is left alone)",
  request: { body: { required: true, content: json(pushUnsubscribeSchema) } },
  responses: { 200: { description: 'Removed (or not there)', content: json(OkSchema) }, ...errorResponses(400, 401, 422) },
});
