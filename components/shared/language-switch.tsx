'use client';

import { useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { LOCALES } from '@/i18n/locale';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { setLanguage } from './language-action';

/** EN / DE buttons; the choice is stored in a cookie, so it survives a reload. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('language');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(locale: string) {
    startTransition(async () => {
      await setLanguage(locale);
      router.refresh();
    });
  }

  return (
    <SegmentedControl
      label={t('label')}
      value={current}
      options={[...LOCALES].reverse().map((locale) => ({ value: locale, label: t(locale), lang: locale, title: t(`name.${locale}`) }))}
      onChange={choose}
      disabled={pending}
      className={className}
    />
  );
}
