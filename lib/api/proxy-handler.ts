import type http from 'node:http';
import { forwardRequest, type ForwardOptions } from './forward';
import { forwardNode } from './forward-node';
import { clientIp, upstreamUrl } from './upstream';
import { clearSessionCookieHeader, readSessionCookie, SESSION_COOKIE } from '../session-cookie';

/**
 * `/admin/api/<path>` → `/api/<path>` on the federation API with the session's token.
 * Two entry points, one set of rules (lib/api/forward.ts): the admin server
 * (scripts/admin-server.ts, used by npm start and npm run dev) forwards over node:http, which keeps
 * Content-Length on downloads; the route handler app/api/[...path] (for hosts that run plain
 * `next start`; Next drops Content-Length from route-handler answers) over fetch.
 */
export async function handleApiProxy(request: Request, apiPath: string): Promise<Response> {
  return forwardRequest(
    request,
    await proxyOptions(request.headers.get('cookie'), request.headers.get('x-forwarded-for'), request.headers.get('x-real-ip'), apiPath),
  );
}

/** The admin server's entry point: the same as handleApiProxy over node:http. */
export async function handleNodeApiProxy(req: http.IncomingMessage, res: http.ServerResponse, apiPath: string): Promise<void> {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : (v ?? null));
  const options = await proxyOptions(one(req.headers.cookie), one(req.headers['x-forwarded-for']), one(req.headers['x-real-ip']), apiPath);
  return forwardNode(req, res, options);
}

async function proxyOptions(
  cookie: string | null,
  forwardedFor: string | null,
  realIp: string | null,
  apiPath: string,
): Promise<ForwardOptions> {
  const session = await readSessionCookie(cookieValue(cookie, SESSION_COOKIE));
  return {
    upstream: upstreamUrl(),
    path: apiPath,
    token: session?.token,
    clientIp: clientIp(forwardedFor, realIp),
    clearSessionCookie: clearSessionCookieHeader(),
  };
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
