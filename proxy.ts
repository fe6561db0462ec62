import { NextResponse, type NextRequest } from 'next/server';
import { readSessionCookie, SESSION_COOKIE } from '@/lib/session-cookie';
import { hasMalformedEscape } from '@/lib/api/url-escapes';

/**
 * Guards the signed-in pages: without a valid session the browser goes to the sign-in screen.
 * Whether the token is still accepted is the API's call; the pages end the session on its 401.
 * /api is deliberately not matched: a matched request body is copied with a 10 MB cap (STACK.md).
 */
export async function proxy(request: NextRequest) {
  const session = await readSessionCookie(request.cookies.get(SESSION_COOKIE)?.value);
  // A path Next cannot decode (a broken percent-escape) would be a 500 on the page: it is no page.
  if (session && !hasMalformedEscape(request.nextUrl.pathname)) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = '/';
  url.search = '';
  return NextResponse.redirect(url);
}

// Written without the basePath: Next adds /admin itself.
export const config = {
  matcher: ['/form/:path*', '/profile'],
};
