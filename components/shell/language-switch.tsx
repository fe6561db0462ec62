'use client';

import { useTransition } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { LOCALES } from '@/i18n/locale';
import { cn } from '@/components/ui/cn';
import { setLanguage } from './actions';

/** EN / DE buttons; the choice is stored in a cookie, so it survives a reload. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('language');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(locale: string) {
    if (locale === current) return;
    startTransition(async () => {
      await setLanguage(locale);
      router.refresh();
    });
  }

  return (
    <div role="group" aria-label={t('label')} className={cn('inline-flex overflow-hidden rounded-md border border-gray-300', className)}>
      {[...LOCALES].reverse().map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          title={t(`name.${locale}`)}
          disabled={pending}
          onClick={() => choose(locale)}
          className={cn(
            'px-3 py-1 text-sm font-medium transition-colors disabled:opacity-60',
            locale === current ? 'bg-brand text-white' : 'bg-white text-gray-700 hover:bg-brand-light',
          )}
        >
          {t(locale)}
        </button>
      ))}
    </div>
  );
}
