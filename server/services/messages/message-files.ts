import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Message } from '@/lib/schemas/messages';
import type { Db } from '../../db/client';
import { messages, uploadedFiles } from '../../db/schema';
import { removeGalleryFile, storeGalleryUpload } from '../../files/gallery-upload';
import type { AppDeps } from '../../http/context';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { messageCentreOf } from './message-access';
import { MESSAGE_GALLERY, messageAnswer } from './messages';

/**
 * A message's pictures and PDFs, as for news: up to 3 per upload, checked by content, thumbnails
 * for pictures. The form uploads them right after the message is created, having announced how
 * many; the message's e-mails wait until they are all stored.
 */

async function lockMessage(deps: AppDeps, tx: Db, callerId: number, id: number) {
  const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
  if (!row) throw notFound('No such message');
  return messageCentreOf(deps, callerId, row.orgId);
}

/**
 * Once a message holds the files its sender announced, its deliveries are no longer held: the
 * outbox sends the e-mails with them.
 */
async function releaseWhenComplete(tx: Db, id: number) {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.ownerType, MESSAGE_GALLERY.fileType), eq(uploadedFiles.ownerId, id)));
  await tx
    .update(messages)
    .set({ filesHeldUntil: null })
    .where(and(eq(messages.id, id), isNotNull(messages.filesHeldUntil), lte(messages.filesExpected, n)));
}

/** POST /admin/messages/upload/{id}. */
export async function uploadMessageFiles(deps: AppDeps, callerId: number, id: number, request: Request): Promise<Message> {
  const actor = await deps.db.transaction((tx) => lockMessage(deps, tx, callerId, id)); // refused before a byte is read
  const answer = await storeGalleryUpload(deps, request, {
    ...MESSAGE_GALLERY,
    ownerId: id,
    callerId,
    lock: async (tx) => {
      await lockMessage(deps, tx, callerId, id);
    },
    after: async (tx, names) => {
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: actor.id,
        entity: 'message',
        entityId: id,
        action: 'upload',
        after: { files: names },
      });
      await releaseWhenComplete(tx, id);
      return messageAnswer(tx, id);
    },
  });
  deps.outbox?.wake();
  return answer;
}

/** DELETE /admin/messages/image/{id}/{imageId}. */
export async function deleteMessageFile(deps: AppDeps, callerId: number, id: number, fileId: string): Promise<Message> {
  return deps.db.transaction(async (tx) => {
    const actor = await lockMessage(deps, tx, callerId, id);
    const [file] = await tx
      .select()
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.uuid, fileId), eq(uploadedFiles.ownerType, MESSAGE_GALLERY.fileType), eq(uploadedFiles.ownerId, id)));
    if (!file) throw notFound('No such file of this message');
    await removeGalleryFile(tx, deps.env.uploadDir, file, MESSAGE_GALLERY.thumbType);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'message',
      entityId: id,
      action: 'update',
      before: { file: file.originalName },
      after: { file: null },
    });
    return messageAnswer(tx, id);
  });
}
