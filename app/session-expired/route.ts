import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { getSession } from '@/lib/session';

/**
 * Where pages send the user when the API no longer accepts the session's token: server components
 * cannot change cookies, so this route ends the session and goes on to sign-in.
 */
export async function GET(request: NextRequest) {
  (await getSession()).destroy();
  const url = request.nextUrl.clone();
  url.pathname = '/';
  url.search = '?expired=1';
  return NextResponse.redirect(url);
}
