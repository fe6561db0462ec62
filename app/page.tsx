import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { SignInForm } from '@/components/auth/sign-in-form';
import { safeReturnPath } from '@/lib/domain/shell';
import { getSession } from '@/lib/session';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  // the root layout's title template does not reach its own segment: written out here
  return { title: `${(await getTranslations('signIn'))('title')} · ${(await getTranslations('common'))('appName')}` };
}

/**
 * /admin signed out: the sign-in screen. Signed in, proxy.ts shows app/start instead at the same
 * address, so this page carries only the sign-in form's JavaScript. `next` is the page to go back
 * to after signing in (where typed data waits to be restored).
 */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await getSession();
  if (session.token) redirect('/start');
  const { expired, next } = await searchParams;
  const te = await getTranslations('errors');
  const returnTo = safeReturnPath(typeof next === 'string' ? next : null);
  return (
    <AuthScreen>
      <SignInForm notice={expired ? te('unauthorized') : undefined} returnTo={returnTo ?? undefined} />
    </AuthScreen>
  );
}
