import { rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { documentTypeSchema } from '@/lib/schemas/organisation';
import type { OrgDocument } from '@/lib/schemas/organisation-responses';
import { organisations, uploadedFiles } from '../../db/schema';
import { attachmentDisposition } from '../../files/content-disposition';
import { detectDocument } from '../../files/document-type';
import { receiveSingleFile } from '../../files/multipart-upload';
import { deleteFile, fileResponse, findFile, storeFile } from '../../files/stored-files';
import { parseUploadKey } from '../../files/upload-key';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { ORG_DOCUMENT, ORG_IMAGE, orgForCaller, orgImageLink, toDocument } from './organisations';
import { recordAudit } from '../audit';
import { TOURNAMENT_FILE } from '../tournaments/tournament-files';
import { NEWS_FILE } from '../news/news';
import { mayReadNewsFile, NEWS_THUMB } from '../news/news-files';
import { MESSAGE_GALLERY, mayReadMessageFile } from '../messages/messages';
import { loadCaller } from '../access';
import { imageResponse, replaceImage } from '../owned-image';
import { uploadTempDir } from '../../files/upload-temp';

/**
 * Organisation image and documents, and the download of
 * stored files through GET /uploads?file=. Rights are checked before the body is read; uploads are
 * streamed to a temp file, checked by content, then stored. None of this changes the organisation's
 * updatedAt, so an open form does not turn stale because a document was added.
 */

const tmpDir = (deps: AppDeps) => uploadTempDir(deps.env.uploadDir);

/** POST org/image/{orgId}: PNG or JPEG; replaces the previous image. */
export async function uploadOrgImage(deps: AppDeps, callerId: number, orgId: number, request: Request, actingOrgId?: number) {
  const { actor } = await orgForCaller(deps, callerId, orgId, 'edit', actingOrgId);
  const uuid = await replaceImage(
    deps,
    callerId,
    {
      type: ORG_IMAGE,
      id: orgId,
      swap: async (tx, next) => {
        const [locked] = await tx.select({ uuid: organisations.uuid }).from(organisations).where(eq(organisations.id, orgId)).for('update');
        await tx.update(organisations).set({ uuid: next }).where(eq(organisations.id, orgId));
        return locked?.uuid ?? null;
      },
      audit: { entity: 'organisation', actingOrgId: actor.id },
    },
    request,
  );
  return { uuid, imageLink: orgImageLink(uuid)! };
}

/** GET org/image/{uuid}: organisation logos are shown to every signed-in user. */
export function orgImageResponse(deps: AppDeps, uuid: string): Promise<Response> {
  return imageResponse(deps, ORG_IMAGE, uuid, 'image');
}

/** A client file name must be a plain name: no folders, no '..', nothing that could be read as a path. */
function checkFileName(name: string) {
  if (/[\\/\x00-\x1f\x7f]/.test(name) || /^\.+$/.test(name.trim()) || !name.trim()) {
    throw new ApiError(400, 'bad_path', 'The file name must not contain a path', { field: 'file' });
  }
}

function parseDocumentType(value: string | undefined) {
  const parsed = documentTypeSchema.safeParse(value);
  if (!parsed.success) throw new ApiError(422, 'validation', 'documentTypeInvalid', { field: 'type', value: value ?? null });
  return parsed.data;
}

/** POST admin/org/{id}/documents: pdf, docx or xlsx by content, ≤ 50 MB, with a document type. */
export async function uploadOrgDocument(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  request: Request,
  options: { actingOrgId?: number; type?: string } = {},
): Promise<OrgDocument> {
  const { actor } = await orgForCaller(deps, callerId, orgId, 'edit', options.actingOrgId);
  // A type in the query is checked before a single byte of the body is read.
  if (options.type !== undefined) parseDocumentType(options.type);
  const received = await receiveSingleFile(request, { field: 'file', tmpDir: tmpDir(deps), preservePath: true });
  try {
    const type = parseDocumentType(received.fields.type ?? options.type);
    checkFileName(received.originalName);
    const { mime, ext } = await detectDocument(received.tmpPath);
    let storedPath: string | undefined;
    try {
      const stored = await deps.db.transaction(async (tx) => {
        const row = await storeFile(tx, deps.env.uploadDir, {
          tmpPath: received.tmpPath,
          ownerType: ORG_DOCUMENT,
          ownerId: orgId,
          originalName: received.originalName.trim(),
          mime,
          ext,
          size: received.size,
          uploadedBy: callerId,
          now: deps.clock(),
          params: { type },
        });
        storedPath = row.storedPath;
        await recordAudit(tx, {
          actorId: callerId,
          actingOrgId: actor.id,
          entity: 'organisation',
          entityId: orgId,
          action: 'upload',
          before: { document: null },
          after: { document: row.originalName },
        });
        return row;
      });
      storedPath = undefined; // committed: the file stays
      return toDocument(stored);
    } finally {
      // The transaction failed after the file was moved into place: nothing points at it.
      if (storedPath) await rm(resolveInsideRoot(deps.env.uploadDir, storedPath), { force: true });
    }
  } finally {
    await rm(received.tmpPath, { force: true });
  }
}

/** DELETE admin/org/{id}/documents/{uuid}. */
export async function deleteOrgDocument(deps: AppDeps, callerId: number, orgId: number, uuid: string, actingOrgId?: number) {
  const { actor } = await orgForCaller(deps, callerId, orgId, 'edit', actingOrgId);
  const [file] = await deps.db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.uuid, uuid), eq(uploadedFiles.ownerType, ORG_DOCUMENT), eq(uploadedFiles.ownerId, orgId)))
    .limit(1);
  if (!file) throw notFound('No such document');
  await deps.db.transaction(async (tx) => {
    await deleteFile(tx, deps.env.uploadDir, file);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.id,
      entity: 'organisation',
      entityId: orgId,
      action: 'update',
      before: { document: file.originalName },
      after: { document: null },
    });
  });
}

/**
 * GET uploads?file=<stored key>. The key is judged as a string first (shape of a key the server
 * generated; no '..', no absolute path): anything else is refused without touching the file system.
 * Then the owner decides who may read: organisation documents whoever may see the organisation,
 * organisation images every signed-in user, news files by the news rule, message files the message's
 * recipients and its organisation's message centre.
 */
export async function uploadResponse(deps: AppDeps, callerId: number, key: string | undefined, actingOrgId?: number): Promise<Response> {
  const parsed = key === undefined ? null : parseUploadKey(key);
  if (!parsed) throw new ApiError(400, 'bad_path', 'Not a stored file key', { field: 'file' });
  const file = await findFile(deps.db, parsed.uuid);
  if (!file || file.storedPath !== key) throw notFound('No such file');
  if (file.ownerType === ORG_DOCUMENT) {
    if (file.ownerId === null) throw notFound('No such file');
    await orgForCaller(deps, callerId, file.ownerId, 'read', actingOrgId);
  } else if (file.ownerType === NEWS_FILE || file.ownerType === NEWS_THUMB) {
    if (!(await mayReadNewsFile(deps, await loadCaller(deps, callerId), file.ownerId))) throw notFound('No such file');
  } else if (file.ownerType === MESSAGE_GALLERY.fileType || file.ownerType === MESSAGE_GALLERY.thumbType) {
    if (!(await mayReadMessageFile(deps, callerId, file.ownerId))) throw notFound('No such file');
  } else if (file.ownerType !== ORG_IMAGE && file.ownerType !== TOURNAMENT_FILE) {
    // (tournament attachments are for every participant: any signed-in user)
    throw notFound('No such file');
  }
  const response = await fileResponse(deps.env.uploadDir, file);
  if (!response) throw notFound('The file is missing');
  response.headers.set('Content-Disposition', attachmentDisposition(file.originalName));
  return response;
}
