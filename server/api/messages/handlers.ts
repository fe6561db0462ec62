import type { Context } from 'hono';
import { idText } from '@/lib/schemas/common';
import type { AppEnv, AppRouteHandler } from '../../http/context';
import { checked } from '../../http/route-parts';
import { deliveryStatus, resendToUnread } from '../../services/messages/delivery-status';
import { deleteMessageFile, uploadMessageFiles } from '../../services/messages/message-files';
import { deleteMessage, listMessages, messageAudience, sendMessage } from '../../services/messages/messages';
import {
  createNotification,
  getNotification,
  listNotifications,
  pushPublicKey,
  subscribePush,
  unsubscribePush,
  updateNotification,
} from '../../services/messages/notifications';
import type * as routes from './routes';

export const list: AppRouteHandler<typeof routes.list> = async (c) =>
  c.json(await listMessages(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('query')), 200);

export const audience: AppRouteHandler<typeof routes.audience> = async (c) =>
  c.json(await messageAudience(c.var.deps, c.var.callerId, c.req.valid('param').orgId), 200);

export const create: AppRouteHandler<typeof routes.create> = async (c) =>
  c.json(await sendMessage(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const remove: AppRouteHandler<typeof routes.remove> = async (c) =>
  c.json(await deleteMessage(c.var.deps, c.var.callerId, c.req.valid('param').id), 200);

export const status: AppRouteHandler<typeof routes.status> = async (c) =>
  c.json(await deliveryStatus(c.var.deps, c.var.callerId, c.req.valid('param').id, c.req.valid('query')), 200);

export const resend: AppRouteHandler<typeof routes.resend> = async (c) =>
  c.json(await resendToUnread(c.var.deps, c.var.callerId, c.req.valid('param').id), 200);

export const deleteImage: AppRouteHandler<typeof routes.deleteImage> = async (c) => {
  const { id, imageId } = c.req.valid('param');
  return c.json(await deleteMessageFile(c.var.deps, c.var.callerId, id, imageId), 200);
};

/** Streamed upload (see routes.ts uploadDoc). */
export async function upload(c: Context<AppEnv>) {
  const id = checked(idText, 'id', c.req.param('id'));
  return c.json(await uploadMessageFiles(c.var.deps, c.var.callerId, id, c.req.raw), 200);
}

export const notificationList: AppRouteHandler<typeof routes.notificationList> = async (c) => {
  const { page, size } = c.req.valid('query');
  return c.json(await listNotifications(c.var.deps, c.var.callerId, page, size), 200);
};

export const pushKey: AppRouteHandler<typeof routes.pushKey> = async (c) => c.json(pushPublicKey(c.var.deps), 200);

export const notificationOne: AppRouteHandler<typeof routes.notificationOne> = async (c) =>
  c.json(await getNotification(c.var.deps, c.var.callerId, c.req.valid('param').id), 200);

export const notificationUpdate: AppRouteHandler<typeof routes.notificationUpdate> = async (c) =>
  c.json(await updateNotification(c.var.deps, c.var.callerId, c.req.valid('json')), 200);

export const notificationCreate: AppRouteHandler<typeof routes.notificationCreate> = async (c) =>
  c.json(await createNotification(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const subscribe: AppRouteHandler<typeof routes.subscribe> = async (c) =>
  c.json(await subscribePush(c.var.deps, c.var.callerId, c.req.valid('json')), 201);

export const unsubscribe: AppRouteHandler<typeof routes.unsubscribe> = async (c) =>
  c.json(await unsubscribePush(c.var.deps, c.var.callerId, c.req.valid('json').endpoint), 200);
