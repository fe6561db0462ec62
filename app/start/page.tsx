import { redirect } from 'next/navigation';
import { StartPage } from '@/components/shell/start-page';
import { getSession } from '@/lib/session';

export const dynamic = 'force-dynamic';

/**
 * The signed-in start page. Its address is /admin (proxy.ts rewrites /admin here for a signed-in
 * user): a route of its own, so the sign-in page at /admin does not carry the shell's JavaScript.
 */
export default async function SignedInStartPage() {
  const session = await getSession();
  if (!session.token) redirect('/');
  return <StartPage sessionEmail={session.email ?? undefined} />;
}
