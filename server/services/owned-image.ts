import { rm } from 'node:fs/promises';
import { detectImage } from '../files/image-type';
import { receiveSingleFile } from '../files/multipart-upload';
import { deleteFile, fileResponse, findFile, storeFile } from '../files/stored-files';
import { resolveInsideRoot } from '../files/upload-root';
import type { Db } from '../db/client';
import type { AppDeps } from '../http/context';
import { notFound } from '../http/errors';
import { recordAudit } from './audit';
import { uploadTempDir } from '../files/upload-temp';

/**
 * The one image of a record (a member's picture, an organisation's image): an upload replaces it,
 * and every signed-in caller may fetch it by its unguessable uuid. Rights are the caller's to check
 * before the body is read.
 */

export type ImageOwner = {
  /** uploaded_files.owner_type */
  type: string;
  id: number;
  /**
   * Inside the storing transaction: locks the owner's row (SELECT … FOR UPDATE), points it at the
   * new image and returns the uuid it pointed at until now, which is then removed.
   */
  swap: (tx: Db, uuid: string) => Promise<string | null>;
  /** Whose history records the new picture, and the organisation the uploader acted in, when known. */
  audit: { entity: 'member' | 'organisation'; actingOrgId?: number | null };
};

/** Streams the upload to a temp file, checks its content is PNG or JPEG, stores it and attaches it; returns its uuid. */
export async function replaceImage(deps: AppDeps, uploadedBy: number, owner: ImageOwner, request: Request): Promise<string> {
  const received = await receiveSingleFile(request, { field: 'file', tmpDir: uploadTempDir(deps.env.uploadDir) });
  let storedPath: string | undefined;
  try {
    const { mime, ext } = await detectImage(received.tmpPath);
    // One transaction with the owner's row locked: of parallel uploads each replaces the image the
    // one before it attached, so exactly one file stays attached and every replaced one is removed.
    const { uuid, previous } = await deps.db.transaction(async (tx) => {
      const stored = await storeFile(tx, deps.env.uploadDir, {
        tmpPath: received.tmpPath,
        ownerType: owner.type,
        ownerId: owner.id,
        originalName: received.originalName,
        mime,
        ext,
        size: received.size,
        uploadedBy,
        now: deps.clock(),
      });
      storedPath = stored.storedPath;
      const replaced = await owner.swap(tx, stored.uuid);
      await recordAudit(tx, {
        actorId: uploadedBy,
        actingOrgId: owner.audit.actingOrgId,
        entity: owner.audit.entity,
        entityId: owner.id,
        action: 'upload',
        before: { image: replaced },
        after: { image: stored.uuid },
      });
      return { uuid: stored.uuid, previous: replaced };
    });
    storedPath = undefined; // committed: the file is attached and stays
    if (previous) {
      // After the commit, so a rolled-back swap never loses the image still attached.
      const file = await findFile(deps.db, previous);
      if (file) await deleteFile(deps.db, deps.env.uploadDir, file).catch(() => undefined);
    }
    return uuid;
  } finally {
    await rm(received.tmpPath, { force: true });
    // The transaction failed after the file was moved into place: nothing points at it.
    if (storedPath) await rm(resolveInsideRoot(deps.env.uploadDir, storedPath), { force: true });
  }
}

/** The stored image `uuid` of an owner of `ownerType`; 404 'No such {noun}' when there is none. */
export async function imageResponse(deps: AppDeps, ownerType: string, uuid: string, noun: string): Promise<Response> {
  const file = await findFile(deps.db, uuid);
  if (!file || file.ownerType !== ownerType) throw notFound(`No such ${noun}`);
  const response = await fileResponse(deps.env.uploadDir, file);
  if (!response) throw notFound(`The ${noun} file is missing`);
  return response;
}
