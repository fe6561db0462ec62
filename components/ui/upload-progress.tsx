'use client';

import { useTranslations } from 'next-intl';

/** A thin progress bar with its text 'Wird hochgeladen … 40 %' (uploads of images, documents and attachments). */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  const t = useTranslations('common');
  return (
    <div className="w-full max-w-xs">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full bg-brand transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-gray-600">{t('uploading', { percent })}</p>
    </div>
  );
}
