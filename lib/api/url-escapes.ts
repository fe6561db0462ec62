/**
 * A URL path with a broken percent-escape (`/admin/form/O11/F51/%E0%A4%A`) cannot be decoded;
 * Next.js answered it with a 500 for a signed-in user. The admin server treats it as any unknown
 * address instead (the not-found page, which leads to the start page).
 */
export function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** A path that is never a page, so Next renders its not-found page. */
export const NOT_FOUND_PATH = '/admin/malformed-url';
