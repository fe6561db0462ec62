'use client';

import { useTranslations } from 'next-intl';
import type { News } from '@/lib/schemas/news';
import { cn } from '@/components/ui/cn';
import type { PendingFile } from '@/components/ui/hooks/use-pending-files';
import { fileLabel, newsFileUrl } from './news-view';

/**
 * The article's attachments in the form: the stored files (those marked for removal struck
 * through) and the files chosen to upload, each with its name and a preview. What is pending
 * happens when the article is saved.
 */
export function NewsAttachments({ article, added, removed }: { article: News | null; added: PendingFile[]; removed: string[] }) {
  const t = useTranslations('news');
  const stored = article?.attachedFiles ?? [];
  if (stored.length === 0 && added.length === 0) return null;
  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium text-gray-700">{t('attachments')}</span>
      <ul className="flex flex-wrap gap-2" aria-label={t('attachments')}>
        {stored.map((f) => {
          const xs = ((f.fileParam.thumbnails ?? {}) as Record<string, string>).xs;
          const marked = removed.includes(f.fileId);
          return (
            <li
              key={f.fileId}
              className={cn(
                'w-28 space-y-1 rounded border p-1 text-xs',
                marked ? 'border-dashed border-red-300 bg-red-50' : 'border-gray-200',
              )}
            >
              {/* the server made the thumbnail at this size; Next's optimiser cannot fetch it (it is behind the session cookie) */}
              {xs ? (
                // eslint-disable-next-line @next/next/no-img-element
                <img src={newsFileUrl(xs)} alt={f.fileName} className={cn('h-16 w-full rounded object-cover', marked && 'opacity-50')} />
              ) : (
                <span className="block rounded bg-gray-100 p-4 text-center">PDF</span>
              )}
              <span className={cn('block truncate', marked && 'line-through')} title={f.fileName}>
                {fileLabel(f.fileName)}
              </span>
              {marked && <span className="block text-red-800">{t('pendingRemoval')}</span>}
            </li>
          );
        })}
        {added.map((p) => (
          <li key={p.key} className="w-28 space-y-1 rounded border border-dashed border-brand/60 bg-brand-light/30 p-1 text-xs">
            {/* a local preview (blob: address) of a picture not uploaded yet */}
            {p.preview ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={p.preview} alt={p.file.name} className="h-16 w-full rounded object-cover" />
            ) : (
              <span className="block rounded bg-gray-100 p-4 text-center">PDF</span>
            )}
            <span className="block truncate" title={p.file.name}>
              {fileLabel(p.file.name)}
            </span>
            <span className="block text-gray-700">{t('pendingUpload')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
