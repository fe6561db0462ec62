import { and, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { todayIso } from '@/lib/domain/dates';
import { ATTACHMENT_WAIT_MS } from '@/lib/domain/messages/delivery';
import type { Message, MessageAudience, MessageInput, MessageListQuery, MessagePage } from '@/lib/schemas/messages';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like-pattern';
import { messageDeliveries, messagePreparations, messages, newsCategories, notifications, roles, tournaments } from '../../db/schema';
import { galleryFilesOf, removeGalleriesOf, type GalleryKinds } from '../../files/gallery-upload';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { plainText, sanitizeRichText } from '../news/sanitize';
import { rfc3339 } from '../timestamps';
import { messageCentreOf, messageOfCaller, reachableOrganisations, reachableOrgIds } from './message-access';
import { checkAudience, resolveRecipients, writeRecipientBatch } from './recipients';

/**
 * Messages of the message centre (form 1006). Sending resolves the audience once, in the same
 * transaction as the message itself. Up to env.messageBatch recipients their notifications and
 * outbox rows are written there too; a bigger message is answered at once ("being prepared") and
 * its recipients are written by the preparation job of the outbox worker, batch by batch with the
 * same code (writeRecipientBatch). The worker delivers afterwards. A message is never edited once written.
 */

export const MESSAGE_GALLERY: GalleryKinds = { fileType: 'message_file', thumbType: 'message_thumb' };
type Row = typeof messages.$inferSelect;
type Summary = Message['summary'];

async function summaries(db: Db, ids: number[]): Promise<Map<number, Summary>> {
  const map = new Map<number, Summary>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      id: notifications.messageId,
      recipients: sql<number>`count(*)::int`,
      read: sql<number>`count(${notifications.readAt})::int`,
    })
    .from(notifications)
    .where(inArray(notifications.messageId, ids))
    .groupBy(notifications.messageId);
  const states = await db
    .select({ id: messageDeliveries.messageId, state: messageDeliveries.state, n: sql<number>`count(*)::int` })
    .from(messageDeliveries)
    .where(inArray(messageDeliveries.messageId, ids))
    .groupBy(messageDeliveries.messageId, messageDeliveries.state);
  const preparing = await db
    .select({ id: messagePreparations.messageId, done: messagePreparations.done, total: messagePreparations.total })
    .from(messagePreparations)
    .where(inArray(messagePreparations.messageId, ids));
  for (const id of ids) {
    const r = rows.find((x) => x.id === id);
    const p = preparing.find((x) => x.id === id);
    const count = (wanted: string[]) => states.filter((s) => s.id === id && wanted.includes(s.state)).reduce((a, s) => a + s.n, 0);
    map.set(id, {
      recipients: r?.recipients ?? 0,
      read: r?.read ?? 0,
      pending: count(['pending', 'sending']),
      sent: count(['sent']),
      failed: count(['failed']),
      noAddress: count(['no_address']),
      noSubscription: count(['no_subscription']),
      preparing: p ? { done: p.done, total: p.total } : null,
    });
  }
  return map;
}

function shape(row: Row, files: Message['attachedFiles'], summary: Summary | undefined): Message {
  return {
    id: row.id,
    newsId: row.id,
    orgId: row.orgId,
    mgId: row.createdBy,
    title: row.title,
    abstract: row.abstract,
    // stored before the allow-list tightened? answered only through it
    content: sanitizeRichText(row.content),
    lang: row.lang as 'de' | 'en',
    newscategory: row.categories,
    visible: row.visible,
    media: row.media as Message['media'],
    roles: row.roles,
    organizations: row.organisations,
    events: row.events,
    audienceParams: { replyTo: row.replyTo },
    attachedFiles: files,
    summary: summary ?? { recipients: 0, pending: 0, sent: 0, failed: 0, noAddress: 0, noSubscription: 0, read: 0, preparing: null },
    publishedAt: row.publishedAt ? rfc3339(row.publishedAt) : null,
    updatedAt: rfc3339(row.updatedAt),
  };
}

export async function messageAnswer(db: Db, id: number): Promise<Message> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return shape(row, (await galleryFilesOf(db, MESSAGE_GALLERY.fileType, [id])).get(id) ?? [], (await summaries(db, [id])).get(id));
}

/** GET /admin/messages/{orgId}: newest first, searched in title and text, paged in the database. */
export async function listMessages(deps: AppDeps, callerId: number, orgId: number, query: MessageListQuery): Promise<MessagePage> {
  await messageCentreOf(deps, callerId, orgId);
  const conditions: Array<SQL | undefined> = [eq(messages.orgId, orgId)];
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${escapeLike(word)}%`;
    conditions.push(or(ilike(messages.title, like), ilike(messages.abstract, like), ilike(messages.content, like)));
  }
  const where = and(...conditions);
  const rows = await deps.db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(where);
  const ids = rows.map((r) => r.id);
  const [files, sums] = await Promise.all([galleryFilesOf(deps.db, MESSAGE_GALLERY.fileType, ids), summaries(deps.db, ids)]);
  return { items: rows.map((r) => shape(r, files.get(r.id) ?? [], sums.get(r.id))), total: n };
}

/** GET /admin/messages/{orgId}/audience: what the form offers the sender. */
export async function messageAudience(deps: AppDeps, callerId: number, orgId: number): Promise<MessageAudience> {
  const actor = await messageCentreOf(deps, callerId, orgId);
  const today = todayIso(deps.clock());
  const reachable = await reachableOrgIds(deps.db, actor);
  const [roleRows, organizations, events, categories] = await Promise.all([
    deps.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(roles.name),
    reachableOrganisations(deps.db, actor),
    deps.db
      .select({ id: tournaments.id, name: tournaments.name, start: tournaments.start })
      .from(tournaments)
      .where(and(gte(tournaments.end, today), reachable ? inArray(tournaments.orgId, reachable) : undefined))
      .orderBy(tournaments.start, tournaments.id)
      .limit(500),
    deps.db.select({ name: newsCategories.name }).from(newsCategories).where(eq(newsCategories.orgId, orgId)).orderBy(newsCategories.name),
  ]);
  return { roles: roleRows, organizations, events, replyTo: deps.env.mailReplyTo, categories: categories.map((c) => c.name) };
}

function checkReplyTo(deps: AppDeps, replyTo: string | null | undefined): string | null {
  if (!replyTo) return null;
  if (!deps.env.mailReplyTo.some((r) => r.value === replyTo)) {
    throw new ApiError(422, 'validation', 'The reply-to address is not one of the configured ones', {
      field: 'audienceParams.replyTo',
      rule: 'unknownReplyTo',
      value: replyTo,
    });
  }
  return replyTo;
}

/** POST /admin/messages: the message and its audience in one transaction (with the notifications and outbox rows of a small one). */
export async function sendMessage(deps: AppDeps, callerId: number, input: MessageInput): Promise<Message> {
  const actor = await messageCentreOf(deps, callerId, input.orgId);
  const now = deps.clock();
  const today = todayIso(now);
  await checkAudience(deps.db, actor, input, today);
  const replyTo = checkReplyTo(deps, input.audienceParams.replyTo);
  const media = [...new Set(input.media)];
  if (input.visible && media.length === 0)
    throw new ApiError(422, 'validation', 'Choose e-mail, push or both', { field: 'media', rule: 'required' });
  const answer = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        orgId: actor.id,
        createdBy: callerId,
        title: input.title,
        abstract: plainText(input.abstract),
        content: sanitizeRichText(input.content),
        lang: input.lang,
        categories: [...new Set(input.newscategory)],
        visible: input.visible,
        media,
        roles: [...new Set(input.roles)],
        organisations: [...new Set(input.organizations)],
        events: [...new Set(input.events)],
        replyTo,
        publishedAt: input.visible ? now.toISOString() : null,
        // the e-mails wait for the announced files (server/messages/outbox-worker.ts)
        filesExpected: input.files,
        filesHeldUntil: input.visible && input.files > 0 ? sql`now() + ${ATTACHMENT_WAIT_MS} * interval '1 millisecond'` : null,
      })
      .returning();
    let recipients = 0;
    if (row.visible) {
      recipients = await resolveRecipients(tx, actor, row.id, today);
      // a small audience is written here, a bigger one by the preparation job
      if (recipients <= deps.env.messageBatch) await writeRecipientBatch(tx, row.id, deps.env.messageBatch);
    }
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'message',
      entityId: row.id,
      action: 'create',
      after: { title: row.title, media, roles: row.roles, organisations: row.organisations, events: row.events, recipients },
    });
    return messageAnswer(tx, row.id);
  });
  deps.outbox?.wake();
  return answer;
}

/** DELETE /admin/messages/{id}: the message, its files, notifications and outbox rows. */
export async function deleteMessage(deps: AppDeps, callerId: number, id: number): Promise<{ deleted: number }> {
  const [found] = await deps.db.select({ orgId: messages.orgId }).from(messages).where(eq(messages.id, id));
  const { actor } = await messageOfCaller(deps, callerId, found);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!row) return { deleted: 0 };
    await removeGalleriesOf(tx, deps.env.uploadDir, MESSAGE_GALLERY, [id]);
    // notifications and outbox rows go with the message (on delete cascade)
    await tx.delete(messages).where(eq(messages.id, id));
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'message',
      entityId: id,
      action: 'delete',
      before: { title: row.title },
    });
    return { deleted: 1 };
  });
}

/** Whether the caller may read a message file: a recipient of the message, or its organisation's message centre. */
export async function mayReadMessageFile(deps: AppDeps, callerId: number, messageId: number | null): Promise<boolean> {
  if (messageId === null) return false;
  const [row] = await deps.db.select({ orgId: messages.orgId }).from(messages).where(eq(messages.id, messageId));
  if (!row) return false;
  const [recipient] = await deps.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.messageId, messageId), eq(notifications.memberId, callerId)));
  if (recipient) return true;
  return messageCentreOf(deps, callerId, row.orgId).then(
    () => true,
    () => false,
  );
}
