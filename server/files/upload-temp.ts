import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploads are streamed into temporary files (`<uuid>.part`, gallery thumbnails beside them as
 * `<uuid>.part.<size>.webp`) under the upload root's `.tmp` folder and moved into place or removed
 * when the request ends. A process that dies in between leaves them behind; they are removed, at
 * the API's start and every few minutes while it runs, once nothing has written to them for longer
 * than any upload can take. Never sooner, also at start: several API processes may share the
 * upload folder, and a fresh file may be another process's upload in progress.
 */

export function uploadTempDir(uploadDir: string): string {
  return path.join(uploadDir, '.tmp');
}

/**
 * The longest a request may take to arrive, body included (the API's HTTP server ends it after
 * that with 408): so also the longest an upload is written. Node's default, set explicitly.
 */
export const REQUEST_TIMEOUT_MS = 5 * 60_000;

/**
 * A temporary upload file untouched for this long belongs to no running request: the longest
 * upload, and as long again for checking, converting and storing it.
 */
export const ABANDONED_UPLOAD_AGE_MS = 2 * REQUEST_TIMEOUT_MS;

/** How often the running API looks for abandoned temporary upload files. */
export const UPLOAD_TEMP_SWEEP_MS = 5 * 60_000;

const TEMPORARY = /\.part(\.[a-z0-9]+\.webp)?$/;

/**
 * Removes the temporary upload files last written more than `olderThanMs` ago (0: all of them);
 * answers how many. A missing folder is an empty one.
 */
export async function removeUploadTemporaries(uploadDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const dir = uploadTempDir(uploadDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names.filter((n) => TEMPORARY.test(n))) {
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile() || now - info.mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      removed++;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // finished and moved meanwhile
    }
  }
  return removed;
}

/** At the API's start and then every few minutes: the abandoned temporary upload files. Answers a stop function. */
export async function startUploadTempCleanup(uploadDir: string, log: (line: string) => void = console.log): Promise<() => void> {
  const report = (removed: number) => {
    if (removed > 0) log(`[files] removed ${removed} temporary upload file(s) left by an interrupted upload`);
  };
  const failed = (err: unknown) => log(`[files] cleaning ${uploadTempDir(uploadDir)} failed: ${(err as Error).message}`);
  await removeUploadTemporaries(uploadDir, ABANDONED_UPLOAD_AGE_MS).then(report, failed);
  const timer = setInterval(
    () => void removeUploadTemporaries(uploadDir, ABANDONED_UPLOAD_AGE_MS).then(report, failed),
    UPLOAD_TEMP_SWEEP_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}
