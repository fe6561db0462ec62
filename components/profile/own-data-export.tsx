'use client';

import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { ExportLinks } from '@/components/shared/privacy/export-links';
import { BASE_PATH } from '@/lib/domain/shell';

/** 'Meine Daten herunterladen': everything the federation holds about the signed-in person, as JSON, PDF or ZIP. */
export function OwnDataExport() {
  const t = useTranslations('privacy.ownExport');
  return (
    <Card title={t('title')}>
      <p className="mb-3 text-sm text-gray-700">{t('hint')}</p>
      <ExportLinks path={`${BASE_PATH}/api/v1/profile/export`} />
    </Card>
  );
}
