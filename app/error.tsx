'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** A page whose data could not be loaded (the API failed for another reason than an ended session). */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  const ts = useTranslations('shell');
  return (
    <section role="alert" className="mx-auto mt-16 max-w-xl rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm">
      <p className="mb-6 text-red-700">{t('generic')}</p>
      <div className="flex justify-center gap-3">
        <Button onClick={reset}>{t('retry')}</Button>
        <a href="/admin" className="inline-flex h-10 items-center px-4 text-sm font-medium text-brand hover:underline">
          {ts('backToStart')}
        </a>
      </div>
    </section>
  );
}
