'use client';

import { useTranslations } from 'next-intl';
import { DownloadLink } from '@/components/ui/download-link';
import { buttonVariants } from '@/components/ui/button';
import { EXPORT_FORMATS } from '@/lib/domain/privacy/rights';

/**
 * A person's data export in its three forms (JSON, PDF, ZIP), downloaded through the proxy:
 * `path` is the API path without the format, e.g. `/admin/api/v1/profile/export`.
 */
export function ExportLinks({ path }: { path: string }) {
  const t = useTranslations('privacy.download');
  return (
    <div className="flex flex-wrap gap-2">
      {EXPORT_FORMATS.map((format) => (
        <DownloadLink
          key={format}
          href={`${path}?format=${format}`}
          title={t('label', { format: t(format) })}
          className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        >
          {t(format)}
        </DownloadLink>
      ))}
    </div>
  );
}
