/**
 * A URL path with a broken percent-escape (`/admin/form/O11/F51/%E0%A4%A`) cannot be decoded;
 * Next.js answers it with a 500. The admin server shows the not-found page for it instead.
 */
export function hasMalformedEscape(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** A path that is never a page, so Next renders its (translated) not-found page with 404. */
export const NOT_FOUND_PATH = '/admin/malformed-url';
