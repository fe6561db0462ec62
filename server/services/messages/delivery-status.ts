import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { DELIVERY_STATES, type DeliveryStatusList } from '@/lib/schemas/messages';
import { members, messageDeliveries, messagePreparations, messages, notifications } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { rfc3339 } from '../timestamps';
import { messageOfCaller } from './message-access';
import { enqueueDeliveries } from './recipients';

/** The Status tab of a message: every delivery, and "send again to those who haven't read it". */

async function messageRow(deps: AppDeps, id: number) {
  const [row] = await deps.db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/**
 * GET /admin/messages/{id}/status: a page of recipients by name (their name when it was sent),
 * each with their rows (medium, round); readAt is the notification's. Paged and counted from
 * indexes, so a message to 100,000 people answers as fast as one to a club.
 */
export async function deliveryStatus(
  deps: AppDeps,
  callerId: number,
  id: number,
  page: { page: number; size: number },
): Promise<DeliveryStatusList> {
  await messageOfCaller(deps, callerId, await messageRow(deps, id));
  const recipients = await deps.db
    .select({
      notificationId: notifications.id,
      memberId: notifications.memberId,
      readAt: notifications.readAt,
      firstName: members.firstName,
      surname: members.surname,
      email: members.email,
    })
    .from(notifications)
    .innerJoin(members, eq(members.id, notifications.memberId))
    .where(eq(notifications.messageId, id))
    .orderBy(asc(notifications.sortName), asc(notifications.memberId))
    .limit(page.size)
    .offset((page.page - 1) * page.size);
  const rows = recipients.length
    ? await deps.db
        .select()
        .from(messageDeliveries)
        .where(
          inArray(
            messageDeliveries.notificationId,
            recipients.map((r) => r.notificationId),
          ),
        )
        .orderBy(asc(messageDeliveries.round), asc(messageDeliveries.medium))
    : [];
  const [counts, [{ total, unread }], [preparing]] = await Promise.all([
    deps.db
      .select({ state: messageDeliveries.state, n: sql<number>`count(*)::int` })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.messageId, id))
      .groupBy(messageDeliveries.state),
    deps.db
      .select({ total: sql<number>`count(*)::int`, unread: sql<number>`(count(*) - count(${notifications.readAt}))::int` })
      .from(notifications)
      .where(eq(notifications.messageId, id)),
    deps.db
      .select({ done: messagePreparations.done, total: messagePreparations.total })
      .from(messagePreparations)
      .where(eq(messagePreparations.messageId, id)),
  ]);
  const states = Object.fromEntries(
    DELIVERY_STATES.map((s) => [s, counts.find((c) => c.state === s)?.n ?? 0]),
  ) as DeliveryStatusList['states'];
  return {
    total: Object.values(states).reduce((a, n) => a + n, 0),
    states,
    recipients: total,
    unread,
    preparing: preparing ?? null,
    items: recipients.flatMap((r) =>
      rows
        .filter((d) => d.notificationId === r.notificationId)
        .map((d) => ({
          memberId: r.memberId,
          name: `${r.surname} ${r.firstName}`,
          email: r.email,
          medium: d.medium as 'email' | 'push',
          round: d.round,
          state: d.state as DeliveryStatusList['items'][number]['state'],
          attempts: d.attempts,
          processedAt: rfc3339(d.processedAt),
          // a recipient reads the notification, which the push brought: shown on the push rows
          readAt: d.medium === 'push' ? rfc3339(r.readAt) : null,
          lastError: d.lastError,
        })),
    ),
  };
}

/**
 * POST /admin/messages/{id}/resend?to=unread: a new round of every medium for the recipients whose
 * notification is unread. Two resends at once make two rounds, never a round twice (the round
 * number is taken under the message's row lock).
 */
export async function resendToUnread(deps: AppDeps, callerId: number, id: number) {
  const { actor } = await messageOfCaller(deps, callerId, await messageRow(deps, id));
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!row) throw new ApiError(404, 'not_found', 'No such message');
    if (!row.visible) throw new ApiError(409, 'not_sent', 'A hidden message is not sent, so it cannot be sent again');
    const [preparing] = await tx
      .select({ id: messagePreparations.messageId })
      .from(messagePreparations)
      .where(eq(messagePreparations.messageId, id));
    if (preparing) throw new ApiError(409, 'preparing', 'The message is still being prepared: send it again once every recipient has it');
    const unread = await tx
      .select({ memberId: notifications.memberId })
      .from(notifications)
      .where(and(eq(notifications.messageId, id), isNull(notifications.readAt)));
    if (unread.length === 0) return { recipients: 0, deliveries: 0 };
    const [{ last }] = await tx
      .select({ last: max(messageDeliveries.round) })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.messageId, id));
    const ids = unread.map((u) => u.memberId);
    const deliveries = await enqueueDeliveries(tx, id, row.media, (last ?? 0) + 1, ids);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'message',
      entityId: id,
      action: 'resend',
      after: { recipients: ids.length, round: (last ?? 0) + 1 },
    });
    return { recipients: ids.length, deliveries };
  });
  deps.outbox?.wake();
  return result;
}
