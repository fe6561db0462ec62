import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Tournament } from '@/lib/schemas/tournaments';
import { todayIso } from '@/lib/domain/dates';
import { tournaments, uploadedFiles } from '../../db/schema';
import { detectDocument } from '../../files/document-type';
import { detectImage } from '../../files/image-type';
import { receiveSingleFile } from '../../files/multipart-upload';
import { deleteFile, storeFile } from '../../files/stored-files';
import { resolveInsideRoot } from '../../files/upload-root';
import type { AppDeps } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { loadCaller } from '../access';
import { recordAudit } from '../audit';
import { tournamentActor } from './tournament-access';
import { tournamentAnswer } from './tournament-read';
import { lockForChange } from './tournaments';
import { uploadTempDir } from '../../files/upload-temp';

/**
 * A tournament's attachments (invitation, timetable, site plan, pictures): PDF, DOCX, XLSX, PNG or
 * JPEG by content, up to 50 MB, uploaded by whoever may change the tournament; listed in
 * params.files as { name, url } with the stored file's key, which GET /api/v1/uploads?file= serves
 * to every signed-in user.
 */

export const TOURNAMENT_FILE = 'tournament_file';
/** At most this many attachments per tournament. */
export const MAX_TOURNAMENT_FILES = 20;

const uploadsUrl = (storedPath: string) => `/api/v1/uploads?file=${encodeURIComponent(storedPath)}`;

async function detectAttachment(filePath: string) {
  try {
    return await detectDocument(filePath);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 415) throw err;
    try {
      return await detectImage(filePath);
    } catch {
      throw new ApiError(415, 'unsupported_type', 'Only PDF, DOCX, XLSX, PNG or JPEG files are accepted');
    }
  }
}

export async function uploadTournamentFile(
  deps: AppDeps,
  callerId: number,
  orgId: number,
  id: number,
  request: Request,
): Promise<Tournament> {
  const actor = tournamentActor(await loadCaller(deps, callerId), orgId);
  // Refused before a byte of the body is read: unknown, not the caller's, cancelled.
  await deps.db.transaction((tx) => lockForChange(tx, actor, id));
  const received = await receiveSingleFile(request, { field: 'file', tmpDir: uploadTempDir(deps.env.uploadDir), preservePath: true });
  let storedPath: string | undefined;
  try {
    const { mime, ext } = await detectAttachment(received.tmpPath);
    const name = received.originalName.trim().slice(0, 200) || `Anhang.${ext}`;
    return await deps.db.transaction(async (tx) => {
      const hit = await lockForChange(tx, actor, id);
      const files = hit.row.params.files ?? [];
      if (files.length >= MAX_TOURNAMENT_FILES)
        throw new ApiError(409, 'too_many_files', `At most ${MAX_TOURNAMENT_FILES} attachments per tournament`);
      const row = await storeFile(tx, deps.env.uploadDir, {
        tmpPath: received.tmpPath,
        ownerType: TOURNAMENT_FILE,
        ownerId: id,
        originalName: name,
        mime,
        ext,
        size: received.size,
        uploadedBy: callerId,
        now: deps.clock(),
      });
      storedPath = row.storedPath;
      await tx
        .update(tournaments)
        .set({
          params: { ...hit.row.params, files: [...files, { name, url: uploadsUrl(row.storedPath) }] },
          updatedAt: sql`greatest(clock_timestamp(), ${tournaments.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(tournaments.id, id));
      await recordAudit(tx, {
        actorId: callerId,
        actingOrgId: actor.org.id,
        entity: 'tournament',
        entityId: id,
        action: 'upload',
        before: { file: null },
        after: { file: name },
      });
      const answer = await tournamentAnswer(tx, id, todayIso(deps.clock()));
      storedPath = undefined; // committed: the file stays
      return answer;
    });
  } finally {
    // A refusal after the file was moved into place: nothing points at it.
    if (storedPath) await rm(resolveInsideRoot(deps.env.uploadDir, storedPath), { force: true });
    await rm(received.tmpPath, { force: true });
  }
}

export async function deleteTournamentFile(deps: AppDeps, callerId: number, orgId: number, id: number, uuid: string): Promise<Tournament> {
  const actor = tournamentActor(await loadCaller(deps, callerId), orgId);
  return deps.db.transaction(async (tx) => {
    const hit = await lockForChange(tx, actor, id);
    const [file] = await tx
      .select()
      .from(uploadedFiles)
      .where(and(eq(uploadedFiles.uuid, uuid), eq(uploadedFiles.ownerType, TOURNAMENT_FILE), eq(uploadedFiles.ownerId, id)));
    if (!file) throw notFound('No such attachment');
    const files = (hit.row.params.files ?? []).filter((f) => f.url !== uploadsUrl(file.storedPath));
    await tx
      .update(tournaments)
      .set({
        params: { ...hit.row.params, files },
        updatedAt: sql`greatest(clock_timestamp(), ${tournaments.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(tournaments.id, id));
    await deleteFile(tx, deps.env.uploadDir, file);
    await recordAudit(tx, {
      actorId: callerId,
      actingOrgId: actor.org.id,
      entity: 'tournament',
      entityId: id,
      action: 'update',
      before: { file: file.originalName },
      after: { file: null },
    });
    return tournamentAnswer(tx, id, todayIso(deps.clock()));
  });
}
