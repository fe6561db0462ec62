import { redirect } from 'next/navigation';
import { StartPage } from '@/components/shell/start-page';
import { WELCOME_PARAM } from '@/lib/welcome-param';
import { loadShell } from '@/components/shell/load-shell';
import { organisationsOf, orgPath } from '@/lib/domain/shell';
import { getSession } from '@/lib/session';

export const dynamic = 'force-dynamic';

/**
 * The signed-in start page. Its address is /admin (proxy.ts rewrites /admin here for a signed-in
 * user): a route of its own, so the sign-in page at /admin does not carry the shell's JavaScript.
 * A user holding exactly one organisation goes straight to it: there is nothing to choose.
 */
export default async function SignedInStartPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await getSession();
  if (!session.token) redirect('/');
  const { user, systemRoles } = await loadShell();
  const organisations = organisationsOf(user.rolesOrg);
  if (organisations.length === 1 && systemRoles.length > 0) {
    const welcome = (await searchParams)[WELCOME_PARAM] === '1' ? `?${WELCOME_PARAM}=1` : '';
    redirect(`${orgPath(organisations[0].orgId)}${welcome}`);
  }
  return <StartPage sessionEmail={session.email ?? undefined} />;
}
