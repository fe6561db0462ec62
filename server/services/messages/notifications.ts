import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import type { Notification, NotificationPage, PushSubscriptionInput } from '@/lib/schemas/messages';
import type { Db } from '../../db/client';
import {
  functionAssignments,
  members,
  messageDeliveries,
  messages,
  notifications,
  organisations,
  pushSubscriptions,
} from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { isAllowedPushEndpoint, vapidKeys } from '../../messages/push';
import { recordAudit } from '../audit';
import { sanitizeRichText } from '../news/sanitize';
import { rfc3339 } from '../timestamps';
import { messageCentreOf, reachableOrgIds } from './message-access';
import { assignmentHeldOn } from '../assignment-days';

/**
 * The recipient's side: everyone signed in reads their own notifications (another person's are
 * 404, as if they did not exist) and registers their browsers for push.
 */

const columns = {
  id: notifications.id,
  messageId: notifications.messageId,
  orgId: notifications.orgId,
  orgName: organisations.name,
  title: notifications.title,
  body: notifications.body,
  content: messages.content,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};
type Row = {
  id: number;
  messageId: number | null;
  orgId: number;
  orgName: string;
  title: string;
  body: string;
  content: string | null;
  readAt: string | null;
  createdAt: string;
};

function shape(r: Row): Notification {
  return {
    ...r,
    content: r.content ? sanitizeRichText(r.content) : '',
    read: r.readAt !== null,
    readAt: rfc3339(r.readAt),
    createdAt: rfc3339(r.createdAt),
  };
}

function select(db: Db) {
  return db
    .select(columns)
    .from(notifications)
    .innerJoin(organisations, eq(organisations.id, notifications.orgId))
    .leftJoin(messages, eq(messages.id, notifications.messageId));
}

async function own(db: Db, callerId: number, id: number): Promise<Notification> {
  const [row] = await select(db).where(and(eq(notifications.id, id), eq(notifications.memberId, callerId)));
  if (!row) throw notFound('No such notification');
  return shape(row);
}

/** GET /notification: the caller's notifications, newest first. */
export async function listNotifications(deps: AppDeps, callerId: number, page: number, size: number): Promise<NotificationPage> {
  const mine = eq(notifications.memberId, callerId);
  const rows = await select(deps.db)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ total, unread }] = await deps.db
    .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) - count(${notifications.readAt}))::int` })
    .from(notifications)
    .where(mine);
  // the list is light: the content comes with GET /notification/{id}
  return { items: rows.map((r) => ({ ...shape(r), content: '' })), total, unread };
}

export function getNotification(deps: AppDeps, callerId: number, id: number) {
  return own(deps.db, callerId, id);
}

/** PUT /notification: read (readAt set once, kept on a second read) or unread again. */
export async function updateNotification(deps: AppDeps, callerId: number, input: { id: number; read: boolean }): Promise<Notification> {
  await own(deps.db, callerId, input.id);
  const mine = and(eq(notifications.id, input.id), eq(notifications.memberId, callerId));
  if (input.read)
    await deps.db
      .update(notifications)
      .set({ readAt: deps.clock().toISOString(), updatedAt: sql`now()` })
      .where(and(mine, isNull(notifications.readAt)));
  else
    await deps.db
      .update(notifications)
      .set({ readAt: null, updatedAt: sql`now()` })
      .where(mine);
  return own(deps.db, callerId, input.id);
}

/** POST /notification: one person, by push, from an organisation where the caller holds form 1006 and that reaches them. */
export async function createNotification(
  deps: AppDeps,
  callerId: number,
  input: { orgId: number; memberId: number; title: string; body: string },
): Promise<Notification> {
  const actor = await messageCentreOf(deps, callerId, input.orgId);
  const [person] = await deps.db.select({ id: members.id }).from(members).where(eq(members.id, input.memberId));
  if (!person) throw new ApiError(404, 'not_found', 'No such person');
  const reachable = await reachableOrgIds(deps.db, actor);
  if (reachable) {
    const today = todayIso(deps.clock());
    const [inReach] = await deps.db
      .select({ id: functionAssignments.id })
      .from(functionAssignments)
      .where(and(eq(functionAssignments.memberId, input.memberId), inArray(functionAssignments.orgId, reachable), assignmentHeldOn(today)))
      .limit(1);
    if (!inReach) throw forbidden('This person is outside the organisations you may reach');
  }
  const id = await deps.db.transaction(async (tx) => {
    const [n] = await tx
      .insert(notifications)
      .values({ memberId: input.memberId, orgId: actor.id, title: input.title, body: input.body })
      .returning({ id: notifications.id });
    await tx.insert(messageDeliveries).values({ notificationId: n.id, memberId: input.memberId, medium: 'push' });
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'notification',
      entityId: n.id,
      action: 'create',
      after: { memberId: input.memberId, title: input.title },
    });
    return n.id;
  });
  deps.outbox?.wake();
  const [row] = await select(deps.db).where(eq(notifications.id, id));
  return shape(row);
}

/** POST /notification/subscription: this browser's subscription, for the caller (the same endpoint again moves to them). */
export async function subscribePush(deps: AppDeps, callerId: number, input: PushSubscriptionInput) {
  if (!isAllowedPushEndpoint(deps.env, input.endpoint)) {
    throw new ApiError(422, 'validation', 'The endpoint is not at a known push service', { field: 'endpoint', rule: 'pushService' });
  }
  await deps.db
    .insert(pushSubscriptions)
    .values({ memberId: callerId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { memberId: callerId, p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: sql`now()` },
    });
  return { ok: true as const };
}

/** DELETE /notification/subscription: only the caller's own. */
export async function unsubscribePush(deps: AppDeps, callerId: number, endpoint: string) {
  await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.memberId, callerId)));
  return { ok: true as const };
}

export function pushPublicKey(deps: AppDeps) {
  return { publicKey: vapidKeys(deps.env.vapidKeyFile).publicKey };
}
