import path from 'node:path';
import { rm } from 'node:fs/promises';
import { detectImage } from '../files/image-type';
import { receiveSingleFile } from '../files/multipart-upload';
import { deleteFile, fileResponse, findFile, storeFile } from '../files/stored-files';
import type { AppDeps } from '../http/context';
import { notFound } from '../http/errors';

/**
 * The one image of a record (a member's picture, an organisation's image): an upload replaces it,
 * and every signed-in caller may fetch it by its unguessable uuid. Rights are the caller's to check
 * before the body is read.
 */

export type ImageOwner = {
  /** uploaded_files.owner_type */
  type: string;
  id: number;
  /** The owner's current image, removed once the new one is in place. */
  previousUuid: string | null;
  /** Points the owner at the stored image. */
  attach: (uuid: string) => Promise<void>;
};

/** Streams the upload to a temp file, checks its content is PNG or JPEG, stores it and attaches it; returns its uuid. */
export async function replaceImage(deps: AppDeps, uploadedBy: number, owner: ImageOwner, request: Request): Promise<string> {
  const received = await receiveSingleFile(request, { field: 'file', tmpDir: path.join(deps.env.uploadDir, '.tmp') });
  try {
    const { mime, ext } = await detectImage(received.tmpPath);
    const stored = await storeFile(deps.db, deps.env.uploadDir, {
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
    await owner.attach(stored.uuid);
    if (owner.previousUuid) {
      const previous = await findFile(deps.db, owner.previousUuid);
      if (previous) await deleteFile(deps.db, deps.env.uploadDir, previous).catch(() => undefined);
    }
    return stored.uuid;
  } finally {
    await rm(received.tmpPath, { force: true });
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
