import { forwardRequest } from './forward';
import { clientIp, upstreamUrl } from './upstream';
import { clearSessionCookieHeader, readSessionCookie, SESSION_COOKIE } from '../session-cookie';

/**
 * `/admin/api/<path>` → `/api/<path>` on the federation API with the session's token.
 * One handler, two entry points: the admin server (scripts/admin-server.ts, used by npm start and
 * npm run dev, which keeps Content-Length on downloads) and the route handler app/api/[...path]
 * (for hosts that run plain `next start`; Next drops Content-Length from route-handler answers).
 */
export async function handleApiProxy(request: Request, apiPath: string): Promise<Response> {
  const session = await readSessionCookie(cookieValue(request.headers.get('cookie'), SESSION_COOKIE));
  return forwardRequest(request, {
    upstream: upstreamUrl(),
    path: apiPath,
    token: session?.token,
    clientIp: clientIp(request.headers.get('x-forwarded-for'), request.headers.get('x-real-ip')),
    clearSessionCookie: clearSessionCookieHeader(),
  });
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      // A garbled value (a broken percent-escape) counts as no session: the API then answers 401.
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
