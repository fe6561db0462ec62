import 'server-only';
import type { DeliveryStatusList, Message, MessageAudience, MessageInput, MessagePage, Notification, NotificationPage } from '@/lib/schemas/messages';
import { apiCall } from './client';

/** Server-only calls of the message centre (form 1006) and of the recipients' inbox. */
export type { DeliveryStatus, DeliveryStatusList, Message, MessageAudience, MessagePage, Notification, NotificationPage } from '@/lib/schemas/messages';

export function getMessages(orgId: number, params: { q?: string; page: number; size: number }) {
  const searchParams = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;
  return apiCall<MessagePage>(`api/v1/admin/messages/${orgId}`, { searchParams });
}

export function getMessageAudience(orgId: number) {
  return apiCall<MessageAudience>(`api/v1/admin/messages/${orgId}/audience`);
}

/** Writes and sends the message (a hidden one is only kept); answers it with its id. */
export function createMessage(body: MessageInput) {
  return apiCall<Message>('api/v1/admin/messages', { method: 'post', json: body });
}

export function deleteMessage(id: number) {
  return apiCall<{ deleted: number }>(`api/v1/admin/messages/${id}`, { method: 'delete' });
}

export function deleteMessageFile(id: number, fileId: string) {
  return apiCall<Message>(`api/v1/admin/messages/image/${id}/${fileId}`, { method: 'delete' });
}

/** One page of the delivery rows (by name) with the count per state over all of them. */
export function getMessageStatus(id: number, params: { page: number; size: number }) {
  return apiCall<DeliveryStatusList>(`api/v1/admin/messages/${id}/status`, { searchParams: params });
}

export function resendMessageToUnread(id: number) {
  return apiCall<{ recipients: number; deliveries: number }>(`api/v1/admin/messages/${id}/resend`, { method: 'post', searchParams: { to: 'unread' } });
}

export function getNotifications(params: { page: number; size: number }) {
  return apiCall<NotificationPage>('api/v1/notification', { searchParams: params });
}

export function getNotification(id: number) {
  return apiCall<Notification>(`api/v1/notification/${id}`);
}

export function setNotificationRead(id: number, read: boolean) {
  return apiCall<Notification>('api/v1/notification', { method: 'put', json: { id, read } });
}
