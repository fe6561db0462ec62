import 'server-only';
import type { MessageInput } from '@/lib/schemas/messages';
import { apiCall, pathParam, queryOf, type Api, type RequestBody } from './client';

/** Server-only calls of the message centre (form 1006) and of the recipients' inbox. */
export function getMessages(orgId: number, params: { q?: string; page: number; size: number }) {
  return apiCall((api) => api.api.v1.admin.messages[':id'].$get({ param: { id: String(orgId) }, query: queryOf(params) }));
}

export function getMessageAudience(orgId: number) {
  return apiCall((api) => api.api.v1.admin.messages[':orgId'].audience.$get({ param: { orgId: String(orgId) } }));
}

/** Writes and sends the message (a hidden one is only kept); answers it with its id. */
export function createMessage(body: MessageInput) {
  return apiCall((api) => api.api.v1.admin.messages.$post({ json: body }));
}

export function deleteMessage(id: number) {
  return apiCall((api) => api.api.v1.admin.messages[':id'].$delete({ param: { id: String(id) } }));
}

export function deleteMessageFile(id: number, fileId: string) {
  return apiCall((api) =>
    api.api.v1.admin.messages.image[':id'][':imageId'].$delete({ param: { id: String(id), imageId: pathParam(fileId) } }),
  );
}

/** One page of the delivery rows (by name) with the count per state over all of them. */
export function getMessageStatus(id: number, params: { page: number; size: number }) {
  return apiCall((api) => api.api.v1.admin.messages[':id'].status.$get({ param: { id: String(id) }, query: queryOf(params) }));
}

export function resendMessageToUnread(id: number) {
  return apiCall((api) => api.api.v1.admin.messages[':id'].resend.$post({ param: { id: String(id) }, query: { to: 'unread' } }));
}

export function getNotifications(params: { page: number; size: number }) {
  return apiCall((api) => api.api.v1.notification.$get({ query: queryOf(params) }));
}

export function getNotification(id: number) {
  return apiCall((api) => api.api.v1.notification[':id'].$get({ param: { id: String(id) } }));
}

export function setNotificationRead(id: number, read: boolean) {
  return apiCall((api) => api.api.v1.notification.$put({ json: { id, read } }));
}

/** GET /api/v1/notification/push-key: the server's VAPID public key for this browser's subscription. */
export function getPushKey() {
  return apiCall((api) => api.api.v1.notification['push-key'].$get());
}

/** POST /api/v1/notification/subscription: registers this browser's push subscription (PushSubscription.toJSON()). */
export function subscribePush(subscription: RequestBody<Api['api']['v1']['notification']['subscription']['$post']>) {
  return apiCall((api) => api.api.v1.notification.subscription.$post({ json: subscription }));
}

/** DELETE /api/v1/notification/subscription: removes the caller's subscription for this endpoint. */
export function unsubscribePush(endpoint: string) {
  return apiCall((api) => api.api.v1.notification.subscription.$delete({ json: { endpoint } }));
}
