import { NextResponse, type NextRequest } from 'next/server';
import { readSessionCookie, SESSION_COOKIE } from '@/lib/session-cookie';
import { hasMalformedEscape } from '@/lib/api/url-escapes';
import { contentSecurityPolicy, newNonce } from '@/lib/security-headers';

/** Pages only a signed-in user sees (paths without the basePath). */
const SIGNED_IN_ONLY = /^\/(form(\/|$)|profile$|inbox$|start$)/;

/**
 * Runs before every page: gives the page a Content-Security-Policy with a fresh script nonce
 * (Next reads it from the request's CSP header and puts it on its own scripts), and sends a
 * visitor without a valid session from the signed-in pages to the sign-in screen. Whether the
 * token is still accepted is the API's call; the pages end the session on its 401.
 * /admin itself is the sign-in page signed out and the start page signed in: two routes (app/page,
 * app/start) behind one address, so the sign-in page loads none of the signed-in shell's code.
 */
export async function proxy(request: NextRequest) {
  // nextUrl.pathname is without the basePath. A path Next cannot decode (a broken percent-escape)
  // would be a 500 on the page: it is no page, so it goes to the start like a signed-out visitor.
  const path = request.nextUrl.pathname;
  const session = await readSessionCookie(request.cookies.get(SESSION_COOKIE)?.value);
  if (hasMalformedEscape(path) || (SIGNED_IN_ONLY.test(path) && !session)) {
    const url = request.nextUrl.clone();
    url.pathname = '/';
    url.search = '';
    return NextResponse.redirect(url);
  }
  const csp = contentSecurityPolicy(newNonce());
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', csp);
  let response: NextResponse;
  if (path === '/' && session) {
    const start = request.nextUrl.clone();
    start.pathname = '/start';
    response = NextResponse.rewrite(start, { request: { headers } });
  } else {
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set('Content-Security-Policy', csp);
  return response;
}

/**
 * Every page, written without the basePath ('/' is the sign-in page /admin, which the pattern
 * alone misses). Never /api: a matched request body is copied with a
 * 10 MB cap, which would truncate uploads through the API proxy. Static assets need no policy.
 */
export const config = {
  matcher: ['/', '/((?!api/|_next/static/|_next/image|favicon.ico|icon.svg).*)'],
};
