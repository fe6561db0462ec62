'use client';

import { useTranslations } from 'next-intl';
import type { Message } from '@/lib/schemas/messages';
import { BASE_PATH } from '@/lib/domain/shell';
import { Button } from '@/components/ui/button';
import { UploadProgress } from '@/components/ui/upload-progress';
import type { PendingFile } from '@/components/ui/hooks/use-pending-files';

const fileUrl = (key: string) => `${BASE_PATH}/api/v1/uploads?file=${encodeURIComponent(key)}`;

/** Stored files (links) and, while writing, the files to upload once the message is created. */
export function MessageAttachments({
  message,
  editing,
  pending,
  percent,
  onChoose,
  onUnadd,
}: {
  message: Message | null;
  editing: boolean;
  pending: PendingFile[];
  percent: number | null;
  onChoose: () => void;
  onUnadd: (key: string) => void;
}) {
  const t = useTranslations('messageCentre');
  const stored = message?.attachedFiles ?? [];
  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-gray-700">{t('files')}</span>
      {stored.length === 0 && pending.length === 0 && <p className="text-sm text-gray-600">{t('noFiles')}</p>}
      <ul className="flex flex-wrap gap-3" aria-label={t('files')}>
        {stored.map((f) => {
          const thumbs = (f.fileParam.thumbnails ?? {}) as Record<string, string>;
          return (
            <li key={f.fileId} className="w-32 space-y-1 rounded border border-gray-200 p-2 text-xs">
              {/* the server made the thumbnail at this size; Next's optimiser cannot fetch it (it is behind the session cookie) */}
              {thumbs.sm ? (
                // eslint-disable-next-line @next/next/no-img-element
                <img src={fileUrl(thumbs.sm)} alt={f.fileName} className="h-20 w-full rounded object-cover" />
              ) : (
                <span className="block rounded bg-gray-100 p-4 text-center">PDF</span>
              )}
              <a
                className="block truncate text-brand hover:underline"
                href={fileUrl(String(f.fileParam.original ?? ''))}
                title={f.fileName}
              >
                {f.fileName}
              </a>
            </li>
          );
        })}
        {pending.map((p) => (
          <li key={p.key} className="w-32 space-y-1 rounded border border-dashed border-gray-300 p-2 text-xs">
            {/* a local preview (blob: address) of a picture not uploaded yet */}
            {p.preview ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={p.preview} alt={p.file.name} className="h-20 w-full rounded object-cover" />
            ) : (
              <span className="block rounded bg-gray-100 p-4 text-center">PDF</span>
            )}
            <span className="flex items-center justify-between gap-1">
              <span className="truncate" title={p.file.name}>
                {p.file.name}
              </span>
              {editing && (
                <button
                  type="button"
                  className="rounded px-1 hover:bg-gray-100"
                  aria-label={t('removeFile', { name: p.file.name })}
                  onClick={() => onUnadd(p.key)}
                >
                  ×
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {editing && (
        <div className="space-y-1">
          <Button variant="secondary" size="sm" onClick={onChoose}>
            {t('addFiles')}
          </Button>
          <p className="text-xs text-gray-600">{t('filesHint')}</p>
        </div>
      )}
      {percent !== null && <UploadProgress percent={percent} label={t('files')} />}
    </div>
  );
}
