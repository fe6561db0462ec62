import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import { Toaster } from '@/components/ui/toast';
import { Footer } from '@/components/shell/footer';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common');
  // every page names itself first: "Mitglieder – BSV Baden · Verbandsverwaltung"
  return { title: { default: t('appName'), template: `%s · ${t('appName')}` } };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col bg-gray-50 text-gray-900 antialiased">
        <NextIntlClientProvider>
          <Toaster />
          <div className="flex flex-1 flex-col">{children}</div>
          <Footer />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
