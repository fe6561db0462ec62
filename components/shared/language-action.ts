'use server';

import { cookies } from 'next/headers';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, resolveLocale } from '@/i18n/locale';
import { SESSION_PATH } from '@/lib/session';

/** Keeps the interface language in the `lang` cookie for a year (a lang key). */
export async function setLanguage(locale: string): Promise<void> {
  (await cookies()).set(LANG_COOKIE, resolveLocale(locale), {
    path: SESSION_PATH,
    maxAge: LANG_COOKIE_MAX_AGE,
    sameSite: 'lax',
  });
}
