'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import { GalleryFileInput } from '@/components/ui/gallery-file-input';
import { useTranslations } from 'next-intl';
import type { News, NewsGalleryPage } from '@/lib/schemas/news';
import { GALLERY_BATCH_SIZE, GALLERY_DIRECTORIES_PER_PAGE, galleryFileProblem } from '@/lib/domain/gallery';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { SimplePager } from '@/components/ui/simple-pager';
import { Tabs } from '@/components/ui/tabs';
import { notify } from '@/components/ui/toast';
import type { PendingFile } from '@/components/ui/hooks/use-pending-files';
import { featureFile, loadGallery } from './actions';
import { fileLabel, newsFileUrl, THUMB_LABELS } from './news-view';

/** The pending changes of the gallery, kept by the form until it is saved. */
export interface GalleryChanges {
  added: PendingFile[];
  removed: string[];
  add: (files: readonly File[]) => void;
  unadd: (key: string) => void;
  remove: (fileId: string) => void;
  restore: (fileId: string) => void;
}

/**
 * The gallery overlay. First tab, the article's own files: pictures (thumbnails SD/MD/HD) and PDFs.
 * While editing, files are added (PNG, JPEG, PDF, 1 byte to 50 MB, at most 3 at a time: one upload)
 * and stored ones marked for removal; both happen when the article is saved, and cancel discards
 * them. A stored picture is inserted into the content at the cursor (while editing) or made the
 * featured picture (at once). Second tab, the organisation's gallery: every article's files, one
 * directory per article, 7 per page, so a picture already uploaded is inserted again rather than
 * uploaded twice.
 */
export function GalleryDialog({
  orgId,
  article,
  title,
  editing,
  changes,
  onClose,
  onChanged,
  onInsert,
}: {
  orgId: number;
  article: News | null;
  title: string;
  editing: boolean;
  changes: GalleryChanges;
  onClose: () => void;
  onChanged: (n: News) => void;
  onInsert: (src: string, alt: string) => void;
}) {
  const t = useTranslations('news');
  const input = useRef<HTMLInputElement>(null);
  const stored = article?.attachedFiles ?? [];

  function choose(files: File[]) {
    if (files.length > GALLERY_BATCH_SIZE)
      return void notify.error(t('tooManyFiles', { max: GALLERY_BATCH_SIZE }), { description: t('uploadHint') });
    const refused = files.filter((f) => galleryFileProblem(f) !== null);
    if (refused.length) notify.error(t('filesRefused', { names: refused.map((f) => f.name).join(', ') }), { description: t('uploadHint') });
    const accepted = files.filter((f) => galleryFileProblem(f) === null);
    if (accepted.length) changes.add(accepted);
  }

  const own = (
    <div className="space-y-4">
      {stored.length === 0 && changes.added.length === 0 && <p className="text-sm text-gray-600">{t('noFiles')}</p>}
      {stored.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-3" aria-label={t('gallery')}>
          {stored.map((f) => {
            const thumbs = (f.fileParam.thumbnails ?? {}) as Record<string, string>;
            const isPicture = String(f.fileParam.mime ?? '').startsWith('image/');
            const marked = changes.removed.includes(f.fileId);
            return (
              <li
                key={f.fileId}
                className={cn(
                  'space-y-1 rounded border p-2 text-sm',
                  marked ? 'border-dashed border-red-300 bg-red-50' : 'border-gray-200',
                )}
              >
                {/* the server made the thumbnail at this size; Next's optimiser cannot fetch it (it is behind the session cookie) */}
                {isPicture && thumbs.xs ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img
                    src={newsFileUrl(thumbs.xs)}
                    alt={f.fileName}
                    className={cn('h-24 w-full rounded object-cover', marked && 'opacity-50')}
                  />
                ) : (
                  <span className="block rounded bg-gray-100 p-6 text-center">PDF</span>
                )}
                <span className={cn('block truncate', marked && 'line-through')} title={f.fileName}>
                  {fileLabel(f.fileName)}
                  {f.featuredImage && ` · ${t('featured')}`}
                </span>
                {marked && <span className="block text-xs text-red-800">{t('pendingRemoval')}</span>}
                <span className="flex gap-2 text-xs">
                  <a className="text-brand hover:underline" href={newsFileUrl(String(f.fileParam.original))}>
                    {t('original')}
                  </a>
                  {Object.entries(THUMB_LABELS).map(([size, label]) =>
                    thumbs[size] ? (
                      <a key={size} className="text-brand hover:underline" href={newsFileUrl(thumbs[size])}>
                        {label}
                      </a>
                    ) : null,
                  )}
                </span>
                <span className="flex flex-wrap gap-1">
                  {isPicture && editing && !marked && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => onInsert(newsFileUrl(thumbs.md ?? String(f.fileParam.original)), f.fileName)}
                      aria-label={t('insertFile', { name: f.fileName })}
                    >
                      {t('insert')}
                    </Button>
                  )}
                  {article && isPicture && !f.featuredImage && !marked && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={async () => {
                        const res = await featureFile({ newsId: article.id, fileId: f.fileId });
                        if (applyActionResult(res, null, { success: t('featuredSaved') })) onChanged(res.data as News);
                      }}
                    >
                      {t('makeFeatured')}
                    </Button>
                  )}
                  {editing &&
                    (marked ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('keepFile', { name: f.fileName })}
                        onClick={() => changes.restore(f.fileId)}
                      >
                        {t('keep')}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('removeFile', { name: f.fileName })}
                        onClick={() => changes.remove(f.fileId)}
                      >
                        ×
                      </Button>
                    ))}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {changes.added.length > 0 && (
        <ul className="grid gap-3 sm:grid-cols-3" aria-label={t('pendingFiles')}>
          {changes.added.map((p) => (
            <li key={p.key} className="space-y-1 rounded border border-dashed border-brand/60 bg-brand-light/30 p-2 text-sm">
              {/* a local preview (blob: address) of a picture not uploaded yet */}
              {p.preview ? (
                // eslint-disable-next-line @next/next/no-img-element
                <img src={p.preview} alt={p.file.name} className="h-24 w-full rounded object-cover" />
              ) : (
                <span className="block rounded bg-gray-100 p-6 text-center">PDF</span>
              )}
              <span className="block truncate" title={p.file.name}>
                {fileLabel(p.file.name)}
              </span>
              <span className="block text-xs text-gray-700">{t('pendingUpload')}</span>
              {editing && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('unaddFile', { name: p.file.name })}
                  onClick={() => changes.unadd(p.key)}
                >
                  ×
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <div className="flex flex-wrap items-center gap-3">
          <GalleryFileInput ref={input} label={t('addFiles')} onChoose={choose} />
          <Button onClick={() => input.current?.click()}>{t('addFiles')}</Button>
          <p className="w-full text-xs text-gray-600">{t('uploadHint')}</p>
        </div>
      ) : (
        <p className="text-xs text-gray-600">{t('galleryReadOnly')}</p>
      )}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('galleryTitle', { title })} widthClassName="max-w-3xl">
      <Tabs
        label={t('gallery')}
        items={[
          { value: 'article', label: t('galleryArticle'), content: own },
          {
            value: 'organisation',
            label: t('galleryOrganisation'),
            content: <OrganisationGallery orgId={orgId} editing={editing} onInsert={onInsert} />,
          },
        ]}
      />
    </Dialog>
  );
}

/**
 * The organisation's gallery, a page of directories at a time (loaded when the tab opens); a
 * picture is inserted into the content while editing, every file opens as original.
 */
function OrganisationGallery({
  orgId,
  editing,
  onInsert,
}: {
  orgId: number;
  editing: boolean;
  onInsert: (src: string, alt: string) => void;
}) {
  const t = useTranslations('news');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<NewsGalleryPage | null>(null);
  const [loading, startLoading] = useTransition();

  useEffect(() => {
    startLoading(async () => {
      const res = await loadGallery({ orgId, page });
      if (applyActionResult(res, null, { success: false })) setData(res.data as NewsGalleryPage);
    });
  }, [orgId, page]);

  if (!data) return <p className="text-sm text-gray-600">{loading ? t('galleryLoading') : t('galleryEmpty')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / GALLERY_DIRECTORIES_PER_PAGE));
  return (
    <div className="space-y-4" aria-busy={loading}>
      {data.items.length === 0 && <p className="text-sm text-gray-600">{t('galleryEmpty')}</p>}
      {data.items.map((dir) => (
        <section key={dir.newsId} aria-labelledby={`gallery-dir-${dir.newsId}`} className="space-y-2">
          <h3 id={`gallery-dir-${dir.newsId}`} className="text-sm font-semibold text-gray-800">
            {dir.title}
          </h3>
          <ul className="grid gap-3 sm:grid-cols-3" aria-label={dir.title}>
            {dir.files.map((f) => {
              const thumbs = (f.fileParam.thumbnails ?? {}) as Record<string, string>;
              const isPicture = String(f.fileParam.mime ?? '').startsWith('image/');
              return (
                <li key={f.fileId} className="space-y-1 rounded border border-gray-200 p-2 text-sm">
                  {/* the server made the thumbnail at this size; Next's optimiser cannot fetch it (it is behind the session cookie) */}
                  {isPicture && thumbs.xs ? (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={newsFileUrl(thumbs.xs)} alt={f.fileName} className="h-24 w-full rounded object-cover" />
                  ) : (
                    <span className="block rounded bg-gray-100 p-6 text-center">PDF</span>
                  )}
                  <span className="block truncate" title={f.fileName}>
                    {fileLabel(f.fileName)}
                  </span>
                  <span className="flex flex-wrap gap-2 text-xs">
                    <a className="text-brand hover:underline" href={newsFileUrl(String(f.fileParam.original))}>
                      {t('original')}
                    </a>
                    {isPicture && editing && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => onInsert(newsFileUrl(thumbs.md ?? String(f.fileParam.original)), f.fileName)}
                        aria-label={t('insertFile', { name: f.fileName })}
                      >
                        {t('insert')}
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <SimplePager
        page={page}
        pages={pages}
        onPage={setPage}
        previousLabel={t('previousPage')}
        nextLabel={t('nextPage')}
        text={t('page', { page, pages })}
      />
    </div>
  );
}
