import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { SignInForm } from '@/components/auth/sign-in-form';
import { getSession } from '@/lib/session';

export const dynamic = 'force-dynamic';

/**
 * /admin signed out: the sign-in screen. Signed in, proxy.ts shows app/start instead at the same
 * address, so this page carries only the sign-in form's JavaScript.
 */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await getSession();
  if (session.token) redirect('/start');
  const { expired } = await searchParams;
  const te = await getTranslations('errors');
  return (
    <AuthScreen>
      <SignInForm notice={expired ? te('unauthorized') : undefined} />
    </AuthScreen>
  );
}
