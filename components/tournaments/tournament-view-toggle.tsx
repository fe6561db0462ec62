'use client';

import { useTranslations } from 'next-intl';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { confirmLeaving } from '@/components/ui/hooks/use-unsaved-changes-guard';

/** The switch between the list with the form and the table of all tournaments. */
export function ViewToggle({ view, onChange }: { view: 'list' | 'table'; onChange: (v: 'list' | 'table') => void }) {
  const t = useTranslations('tournaments');
  return (
    <SegmentedControl
      label={t('viewLabel')}
      value={view}
      options={[
        { value: 'list', label: t('viewList') },
        { value: 'table', label: t('viewTable') },
      ]}
      // the other view drops the open form: unsaved changes ask first
      onChange={(v) => void confirmLeaving().then((leave) => leave && onChange(v))}
    />
  );
}
