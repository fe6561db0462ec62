import type { NextRequest } from 'next/server';
import { forwardRequest } from '@/lib/api/forward';
import { clientIp, upstreamUrl } from '@/lib/api/upstream';
import { clearSessionCookieHeader, readSessionCookie, SESSION_COOKIE } from '@/lib/session';

/**
 * /admin/api/... → the same /api/... path on the federation API, for what the browser must fetch
 * itself (uploads, downloads, images, search-as-you-type). Never cached, never buffered.
 */
export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: NextRequest, { params }: Context): Promise<Response> {
  const { path } = await params;
  const session = await readSessionCookie(request.cookies.get(SESSION_COOKIE)?.value);
  return forwardRequest(request, {
    upstream: upstreamUrl(),
    path: `/api/${path.map(encodeURIComponent).join('/')}`,
    token: session?.token,
    clientIp: clientIp(request.headers.get('x-forwarded-for'), request.headers.get('x-real-ip')),
    clearSessionCookie: clearSessionCookieHeader(),
  });
}

export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
