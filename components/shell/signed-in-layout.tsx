import type { ReactNode } from 'react';
import type { SystemRole, User } from '@/lib/api/types';
import { Header } from './header';
import { WelcomeToast } from './welcome-toast';

/** Header above the page body, for every signed-in page. */
export function SignedInLayout({
  user,
  systemRoles,
  orgId,
  funkId,
  children,
}: {
  user: User;
  systemRoles: SystemRole[];
  orgId?: number;
  funkId?: number;
  children: ReactNode;
}) {
  return (
    <>
      <Header user={user} systemRoles={systemRoles} orgId={orgId} funkId={funkId} />
      <WelcomeToast />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        {children}
      </main>
    </>
  );
}
