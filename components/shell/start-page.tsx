import { getTranslations } from 'next-intl/server';
import { loadShell } from './load-shell';
import { PageMessage } from '@/components/ui/page-message';
import { SignedInLayout } from './signed-in-layout';

/** /admin when signed in: the shell with the landing message, or the no-permissions error. */
export async function StartPage({ sessionEmail }: { sessionEmail?: string }) {
  const { user, systemRoles } = await loadShell();
  const t = await getTranslations('shell');
  const ts = await getTranslations('signIn');
  return (
    <SignedInLayout user={user} systemRoles={systemRoles}>
      {systemRoles.length === 0 ? (
        <PageMessage tone="alert">{ts('noPermissions', { email: user.email ?? sessionEmail ?? '' })}</PageMessage>
      ) : (
        <PageMessage>{t('landing')}</PageMessage>
      )}
    </SignedInLayout>
  );
}
