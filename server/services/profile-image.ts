import path from 'node:path';
import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema';
import { detectImage } from '../files/image-type';
import { receiveSingleFile } from '../files/multipart-upload';
import { deleteFile, fileResponse, findFile, storeFile } from '../files/stored-files';
import type { AppDeps } from '../http/context';
import { ApiError, forbidden, notFound } from '../http/errors';
import { profileImageLink } from './auth';
import { canEditMember } from './member-access';

export const MEMBER_IMAGE = 'member_image';

/**
 * POST /profile/image/{memberId}: checks the right before reading the body, streams the upload
 * to a temp file, checks its content is PNG or JPEG, stores it and points the member at it.
 * The previous picture is removed once the new one is in place.
 */
export async function uploadProfileImage(deps: AppDeps, callerId: number, memberId: number, request: Request) {
  const [member] = await deps.db.select({ id: members.id, uuid: members.uuid }).from(members).where(eq(members.id, memberId)).limit(1);
  if (!member) throw notFound('No such member');
  if (!(await canEditMember(deps, callerId, memberId))) throw forbidden("You may not change this member's picture");

  const received = await receiveSingleFile(request, { field: 'file', tmpDir: path.join(deps.env.uploadDir, '.tmp') });
  try {
    const { mime, ext } = await detectImage(received.tmpPath);
    const stored = await storeFile(deps.db, deps.env.uploadDir, {
      tmpPath: received.tmpPath,
      ownerType: MEMBER_IMAGE,
      ownerId: memberId,
      originalName: received.originalName,
      mime,
      ext,
      size: received.size,
      uploadedBy: callerId,
      now: deps.clock(),
    });
    await deps.db.update(members).set({ uuid: stored.uuid, updatedAt: deps.clock().toISOString() }).where(eq(members.id, memberId));
    if (member.uuid) {
      const previous = await findFile(deps.db, member.uuid);
      if (previous) await deleteFile(deps.db, deps.env.uploadDir, previous).catch(() => undefined);
    }
    return { uuid: stored.uuid, imageLink: profileImageLink(stored.uuid)! };
  } finally {
    await rm(received.tmpPath, { force: true });
  }
}

/** GET /profile/image/{uuid} for any signed-in caller (the uuid is unguessable and only shared with them). */
export async function profileImageResponse(deps: AppDeps, uuid: string): Promise<Response> {
  const file = await findFile(deps.db, uuid);
  if (!file || file.ownerType !== MEMBER_IMAGE) throw notFound('No such picture');
  const response = await fileResponse(deps.env.uploadDir, file);
  if (!response) throw new ApiError(404, 'not_found', 'The picture file is missing');
  return response;
}
