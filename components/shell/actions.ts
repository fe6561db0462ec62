'use server';

import { logout } from '@/lib/api/auth';
import { getSession } from '@/lib/session';

/**
 * Sign-out: the API ends the session first (a copied cookie is worthless afterwards), then the
 * cookie is cleared; the client then reloads /admin. When the API cannot be reached the cookie is
 * cleared all the same; the session then ends with its expiry.
 */
export async function signOut(): Promise<void> {
  const session = await getSession();
  if (session.token) {
    try {
      await logout();
    } catch (error) {
      console.error('[sign-out] the API did not end the session:', error instanceof Error ? error.message : error);
    }
  }
  session.destroy();
}
