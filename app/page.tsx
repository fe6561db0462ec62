import nextDynamic from 'next/dynamic';
import { getTranslations } from 'next-intl/server';
import { AuthScreen } from '@/components/auth/auth-screen';
import { SignInForm } from '@/components/auth/sign-in-form';
import { getSession } from '@/lib/session';

export const dynamic = 'force-dynamic';

// Loaded on demand: the signed-in shell (menus, selectors) stays out of the sign-in page's JavaScript.
const StartPage = nextDynamic(() => import('@/components/shell/start-page').then((m) => m.StartPage));

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
  return <StartPage sessionEmail={session.email ?? undefined} />;
}
