'use client';

import { useTranslations } from 'next-intl';
import type { News } from '@/lib/schemas/news';
import { BASE_PATH } from '@/lib/domain/shell';
import { applyActionResult } from '@/components/ui/apply-action-result';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify } from '@/components/ui/toast';
import { UploadProgress } from '@/components/ui/upload-progress';
import { useUpload } from '@/components/ui/use-upload';
import { featureFile, removeFile } from './actions';
import { fileLabel, GALLERY_MAX_FILES, THUMB_LABELS } from './news-view';

const ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';
const MAX_BYTES = 50 * 1024 * 1024;
const fileUrl = (key: string) => `${BASE_PATH}/api/v1/uploads?file=${encodeURIComponent(key)}`;

/**
 * The article's gallery: its pictures (thumbnails SD/MD/HD) and PDFs; upload up to 3 at a time
 * (PNG, JPEG, PDF, 1 byte to 50 MB), insert a picture into the content at the cursor (while
 * editing), make one the featured picture, remove one.
 */
export function GalleryDialog({ article, canInsert, onClose, onChanged, onInsert }: { article: News; canInsert: boolean; onClose: () => void; onChanged: (n: News) => void; onInsert: (src: string, alt: string) => void }) {
  const t = useTranslations('news');
  const te = useTranslations('errors');
  const { input, percent, send } = useUpload();

  async function upload(files: File[]) {
    if (files.length > GALLERY_MAX_FILES) return void notify.error(t('tooManyFiles', { max: GALLERY_MAX_FILES }));
    if (files.some((f) => f.size === 0 || f.size > MAX_BYTES)) return void notify.error(te('tooLarge'));
    // one request with every file (the API takes up to 3 at once)
    await send(
      `${BASE_PATH}/api/v1/admin/news/upload/${article.id}`,
      files,
      undefined,
      ({ status, body }) => {
        if (status === 200) {
          notify.success(t('uploaded'));
          onChanged(body as News);
        } else notify.error(status === 415 ? t('wrongType') : status === 413 ? te('tooLarge') : t('uploadFailed'));
      },
      'files',
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('galleryTitle', { title: article.title })} widthClassName="max-w-3xl">
      <div className="space-y-4">
        {article.attachedFiles.length === 0 ? (
          <p className="text-sm text-gray-600">{t('noFiles')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-3" aria-label={t('gallery')}>
            {article.attachedFiles.map((f) => {
              const thumbs = (f.fileParam.thumbnails ?? {}) as Record<string, string>;
              const isPicture = String(f.fileParam.mime ?? '').startsWith('image/');
              return (
                <li key={f.fileId} className="space-y-1 rounded border border-gray-200 p-2 text-sm">
                  {/* the server made the thumbnail at this size; Next's optimiser cannot fetch it (it is behind the session cookie) */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  {isPicture && thumbs.xs ? <img src={fileUrl(thumbs.xs)} alt={f.fileName} className="h-24 w-full rounded object-cover" /> : <span className="block rounded bg-gray-100 p-6 text-center">PDF</span>}
                  <span className="block truncate" title={f.fileName}>
                    {fileLabel(f.fileName)}
                    {f.featuredImage && ` · ${t('featured')}`}
                  </span>
                  <span className="flex gap-2 text-xs">
                    <a className="text-brand hover:underline" href={fileUrl(String(f.fileParam.original))}>
                      {t('original')}
                    </a>
                    {Object.entries(THUMB_LABELS).map(([size, label]) =>
                      thumbs[size] ? (
                        <a key={size} className="text-brand hover:underline" href={fileUrl(thumbs[size])}>
                          {label}
                        </a>
                      ) : null,
                    )}
                  </span>
                  <span className="flex flex-wrap gap-1">
                    {isPicture && canInsert && (
                      <Button size="sm" variant="secondary" onClick={() => onInsert(fileUrl(thumbs.md ?? String(f.fileParam.original)), f.fileName)} aria-label={t('insertFile', { name: f.fileName })}>
                        {t('insert')}
                      </Button>
                    )}
                    {isPicture && !f.featuredImage && (
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
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('removeFile', { name: f.fileName })}
                      onClick={async () => {
                        const res = await removeFile({ newsId: article.id, fileId: f.fileId });
                        if (applyActionResult(res, null, { success: t('fileRemoved') })) onChanged(res.data as News);
                      }}
                    >
                      ×
                    </Button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('upload')}
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              if (files.length) void upload(files);
            }}
          />
          <Button onClick={() => input.current?.click()} loading={percent !== null}>
            {t('upload')}
          </Button>
          <p className="w-full text-xs text-gray-500">{t('uploadHint', { max: GALLERY_MAX_FILES })}</p>
          {percent !== null && <UploadProgress percent={percent} label={t('upload')} text={t('uploading', { percent })} />}
        </div>
      </div>
    </Dialog>
  );
}
