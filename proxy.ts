import { NextResponse, type NextRequest } from 'next/server';
import { readSessionCookie, SESSION_COOKIE } from '@/lib/session-cookie';

/**
 * Guards the signed-in pages: without a valid session the browser goes to the sign-in screen.
 * Whether the token is still accepted is the API's call; the pages end the session on its 401.
 * /admin itself is the sign-in page signed out and the start page signed in: two routes (app/page,
 * app/start) behind one address, so the sign-in page loads none of the signed-in shell's code.
 * /api is deliberately not matched: a matched request body is copied with a 10 MB cap.
 */
export async function proxy(request: NextRequest) {
  const session = await readSessionCookie(request.cookies.get(SESSION_COOKIE)?.value);
  if (request.nextUrl.pathname === '/') {
    if (!session) return NextResponse.next();
    const start = request.nextUrl.clone();
    start.pathname = '/start';
    return NextResponse.rewrite(start);
  }
  if (session) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = '/';
  url.search = '';
  return NextResponse.redirect(url);
}

// Written without the basePath: Next adds /admin itself.
export const config = {
  matcher: ['/', '/start', '/form/:path*', '/profile'],
};
