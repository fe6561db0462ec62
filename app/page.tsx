import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { SignInForm } from '@/components/auth/sign-in-form';
import { loadShell } from '@/components/shell/load-shell';
import { PageMessage } from '@/components/shell/page-message';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { getSession } from '@/lib/session';

export const dynamic = 'force-dynamic';

/** /admin: the sign-in screen, or the start page with the landing message when signed in. */
export default async function HomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await getSession();
  if (!session.token) {
    const { expired } = await searchParams;
    const te = await getTranslations('errors');
    return (
      <AuthScreen>
        <SignInForm notice={expired ? te('unauthorized') : undefined} />
      </AuthScreen>
    );
  }
  const { user, systemRoles } = await loadShell();
  const t = await getTranslations('shell');
  const ts = await getTranslations('signIn');
  return (
    <SignedInLayout user={user} systemRoles={systemRoles}>
      {systemRoles.length === 0 ? (
        <PageMessage tone="alert">{ts('noPermissions', { email: user.email ?? session.email ?? '' })}</PageMessage>
      ) : (
        <PageMessage>{t('landing')}</PageMessage>
      )}
    </SignedInLayout>
  );
}
