import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Logo } from '@/components/ui/logo';

/** The frame of the signed-out screens: the federation's mark above a centred panel. */
export async function AuthScreen({ children }: { children: ReactNode }) {
  const t = await getTranslations('common');
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-12">
      <div className="mb-6 flex items-center gap-3 text-brand-dark">
        <Logo size={48} />
        <span className="text-xl font-semibold">{t('appName')}</span>
      </div>
      <div className="flex w-full max-w-md justify-center rounded-lg border border-gray-200 bg-white p-8 shadow-sm">{children}</div>
    </main>
  );
}
