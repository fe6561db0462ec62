/**
 * The interface language lives in a cookie ("language under a lang key"), not in the URL.
 * German is the default.
 */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';
export const LANG_COOKIE = 'lang';
/** One year: the choice survives reloads and new browser sessions. */
export const LANG_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function resolveLocale(value: string | undefined | null): Locale {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}
