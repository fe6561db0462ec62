'use server';

import { cookies } from 'next/headers';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, resolveLocale } from '@/i18n/locale';
import { logout } from '@/lib/api/auth';
import { getSession, SESSION_PATH } from '@/lib/session';

/** Keeps the interface language in the `lang` cookie for a year (a lang key). */
export async function setLanguage(locale: string): Promise<void> {
  (await cookies()).set(LANG_COOKIE, resolveLocale(locale), {
    path: SESSION_PATH,
    maxAge: LANG_COOKIE_MAX_AGE,
    sameSite: 'lax',
  });
}

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
