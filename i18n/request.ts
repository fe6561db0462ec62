import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LANG_COOKIE, resolveLocale } from './locale';

export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(LANG_COOKIE)?.value);
  const messages = (await import(`../messages/${locale}.json`)).default;
  // Dates are formatted by lib/domain/dates (DD.MM.YYYY); the time zone only silences next-intl's warning.
  return { locale, messages, timeZone: 'Europe/Vienna' };
});
