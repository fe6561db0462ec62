import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { SignInForm } from '@/components/auth/sign-in-form';
import { loadShell } from '@/components/shell/load-shell';
import { PageMessage } from '@/components/shell/page-message';
import { SignedInLayout } from '@/components/shell/signed-in-layout';
import { organisationsOf, orgPath, safeReturnPath } from '@/lib/domain/shell';
import { getSession } from '@/lib/session';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const session = await getSession();
  if (session.token) return {};
  // the root layout's title template does not reach its own segment: written out here
  return { title: `${(await getTranslations('signIn'))('title')} · ${(await getTranslations('common'))('appName')}` };
}

/**
 * /admin: the sign-in screen, or the start page with the landing message when signed in. A user
 * holding exactly one organisation goes straight to it: there is nothing to choose.
 */
export default async function HomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await getSession();
  if (!session.token) {
    const { expired, next } = await searchParams;
    const te = await getTranslations('errors');
    const returnTo = safeReturnPath(typeof next === 'string' ? next : null);
    return (
      <AuthScreen>
        <SignInForm notice={expired ? te('unauthorized') : undefined} returnTo={returnTo ?? undefined} />
      </AuthScreen>
    );
  }
  const { user, systemRoles } = await loadShell();
  const organisations = organisationsOf(user.rolesOrg);
  if (organisations.length === 1 && systemRoles.length > 0) redirect(orgPath(organisations[0].orgId));
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
