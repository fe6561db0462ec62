import { getTranslations } from 'next-intl/server';
import { buildVersion } from '@/lib/domain/shell';

/** The page footer with the build version derived from the build timestamp. */
export async function Footer() {
  const t = await getTranslations('common');
  const version = buildVersion(process.env.NEXT_PUBLIC_BUILD_TIME);
  return (
    <footer className="border-t border-gray-200 px-4 py-3 text-center text-xs text-gray-500">
      {version && <span data-testid="build-version">{t('buildVersion', { version })}</span>}
    </footer>
  );
}
