'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { hardNavigate } from '@/components/shell/hard-navigate';
import { BASE_PATH } from '@/lib/domain/shell';
import { uploadFile } from '@/lib/upload';
import { batches, UPLOAD_BATCH_SIZE } from './message-view';

/** A file chosen but not uploaded yet; pictures get a local preview (a blob: address). */
export interface PendingFile {
  key: string;
  file: File;
  preview: string | null;
}

export interface CommitSteps<T> {
  /** Where the files of record `id` are uploaded (multipart field `files`, at most 3 per request). */
  uploadUrl: (id: number) => string;
  /** Removes one stored file; answers the record afterwards, or null when it was refused. */
  removeFile: (id: number, fileId: string) => Promise<T | null>;
}

export type CommitResult<T> =
  /** Everything done; `record` is the last answer (null when there was nothing to do). */
  | { ok: true; record: T | null }
  /** Stopped at a refused upload (its HTTP status) or removal; what came before it stays done. */
  | { ok: false; status: number; record: T | null };

let nextKey = 0;

/**
 * Files chosen for a record before it exists (or while it is edited): additions kept in the browser
 * and removals of stored files only marked. `commit(id)` applies them once the record is saved:
 * the additions first (in requests of at most 3 files), then the removals. An ended session goes to
 * the sign-in page as every upload does.
 *
 * The message centre's own small version: no shared hook for pending files existed when it was
 * written; it can move to components/ui when the news form wants the same.
 */
export function usePendingFiles<T>(steps: CommitSteps<T>) {
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
      const preview = file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
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
    async (id: number): Promise<CommitResult<T>> => {
      let record: T | null = null;
      const groups = batches(added, UPLOAD_BATCH_SIZE);
      try {
        for (const [index, group] of groups.entries()) {
          setPercent(Math.round((index / groups.length) * 100));
          const result = await uploadFile(
            latest.current.uploadUrl(id),
            group.map((p) => p.file),
            (p) => setPercent(Math.round(((index + p / 100) / groups.length) * 100)),
            undefined,
            'files',
          );
          if (result.status === 401) {
            hardNavigate(`${BASE_PATH}?expired=1`);
            return { ok: false, status: 401, record };
          }
          if (result.status !== 200) return { ok: false, status: result.status, record };
          record = result.body as T;
        }
      } catch {
        return { ok: false, status: 0, record };
      } finally {
        setPercent(null);
      }
      for (const fileId of removed) {
        const answer = await latest.current.removeFile(id, fileId);
        if (answer === null) return { ok: false, status: 0, record };
        record = answer;
      }
      reset();
      return { ok: true, record };
    },
    [added, removed, reset],
  );

  return { added, removed, percent, add, unadd, remove, restore, reset, commit, pending: added.length > 0 || removed.length > 0 };
}
