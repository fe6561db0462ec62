'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { batches, GALLERY_BATCH_SIZE, isGalleryPicture } from '@/lib/domain/gallery';
import { uploadFile } from '@/lib/upload';
import { leaveForSignIn } from '../session-ended';

/** A file chosen but not uploaded yet; pictures get a local preview (a blob: address). */
export interface PendingFile {
  key: string;
  file: File;
  preview: string | null;
}

export interface PendingFilesSteps<T> {
  /** Where the files of record `id` are uploaded (multipart, at most 3 files per request). */
  uploadUrl: (id: number) => string;
  /** The multipart field of the files (default `files`). */
  fileField?: string;
  /** Removes one stored file of record `id`; answers the record afterwards, or null when it was refused (and said so). */
  removeFile: (id: number, fileId: string) => Promise<T | null>;
}

export type PendingFilesResult<T> =
  /** Everything done; `record` is the last answer (null when there was nothing to do). */
  | { ok: true; record: T | null }
  /**
   * Stopped at a refused or failed upload (`status`: its HTTP status, 0 for no answer) or removal
   * (`status` null); what came before it stays done, the rest is listed and not done.
   */
  | { ok: false; status: number | null; record: T | null; notUploaded: File[]; notRemoved: string[] };

let nextKey = 0;

/**
 * Files of a record collected while it is edited (or before it exists) and committed once it is
 * saved: additions kept in the browser (pictures with a preview), removals of stored files only
 * marked. `commit(id)` uploads the additions first, in requests of at most 3 files, then removes the
 * marked files; a failed upload stops it there, so no stored file goes before its replacement has
 * arrived. `reset()` (cancel) discards both. An ended session goes to the sign-in page, as every
 * upload does.
 */
export function usePendingFiles<T>(steps: PendingFilesSteps<T>) {
  const [added, setAdded] = useState<PendingFile[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const previews = useRef(new Set<string>());
  const latest = useRef(steps);
  useEffect(() => {
    latest.current = steps;
  });

  // the previews go with the component
  useEffect(() => {
    const shown = previews.current;
    return () => shown.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const add = useCallback((files: readonly File[]) => {
    const fresh = files.map((file) => {
      const preview = isGalleryPicture(file) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      return { key: `pending-${++nextKey}`, file, preview };
    });
    setAdded((list) => [...list, ...fresh]);
  }, []);

  const unadd = useCallback((key: string) => {
    setAdded((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone?.preview) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return list.filter((p) => p.key !== key);
    });
  }, []);

  const remove = useCallback((fileId: string) => setRemoved((list) => (list.includes(fileId) ? list : [...list, fileId])), []);
  const restore = useCallback((fileId: string) => setRemoved((list) => list.filter((id) => id !== fileId)), []);
  const reset = useCallback(() => {
    previews.current.forEach((url) => URL.revokeObjectURL(url));
    previews.current.clear();
    setAdded([]);
    setRemoved([]);
  }, []);

  const commit = useCallback(
    async (id: number): Promise<PendingFilesResult<T>> => {
      let record: T | null = null;
      const groups = batches(added, GALLERY_BATCH_SIZE);
      const stop = (status: number | null, from: number, removedFrom: number): PendingFilesResult<T> => {
        const result = {
          ok: false as const,
          status,
          record,
          notUploaded: groups
            .slice(from)
            .flat()
            .map((p) => p.file),
          notRemoved: removed.slice(removedFrom),
        };
        setPercent(null);
        reset();
        return result;
      };
      for (const [index, group] of groups.entries()) {
        setPercent(Math.round((index / groups.length) * 100));
        let status: number;
        let body: unknown;
        try {
          ({ status, body } = await uploadFile(
            latest.current.uploadUrl(id),
            group.map((p) => p.file),
            (p) => setPercent(Math.round(((index + p / 100) / groups.length) * 100)),
            undefined,
            latest.current.fileField ?? 'files',
          ));
        } catch {
          status = 0; // no answer (network)
        }
        if (status === 401) {
          // the proxy has ended the session already: sign in again, back to this page
          leaveForSignIn();
          return stop(401, index, 0);
        }
        if (status !== 200) return stop(status, index, 0);
        record = body as T;
      }
      setPercent(null);
      for (const [index, fileId] of removed.entries()) {
        const answer = await latest.current.removeFile(id, fileId);
        if (answer === null) return stop(null, groups.length, index);
        record = answer;
      }
      reset();
      return { ok: true, record };
    },
    [added, removed, reset],
  );

  return { added, removed, percent, add, unadd, remove, restore, reset, commit, pending: added.length > 0 || removed.length > 0 };
}
