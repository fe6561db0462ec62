import { errorResponse } from './errors';

/**
 * The browser-facing proxy: `/admin/api/...` → the same path on the federation API with
 * the session's bearer token. Kept free of Next so it can be tested against a plain HTTP server.
 */
export interface ForwardOptions {
  /** Base URL of the API, e.g. http://127.0.0.1:4000 */
  upstream: string;
  /** Path on the API including the leading /api, e.g. /api/v1/profile/image/12 */
  path: string;
  /** The session's token; absent → the literal NONE, which the API refuses with 401. */
  token?: string;
  clientIp?: string;
  /** Value for Set-Cookie that ends the session; sent when the API answers 401. */
  clearSessionCookie?: string;
  fetchImpl?: typeof fetch;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Request headers worth passing on. Cookies and the browser's own Authorization never leave this app. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'content-disposition',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'range',
];

/** Response headers that describe one hop only, or that must not reach the browser from the API. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
]);

/**
 * A mutating request a browser sent from another site (Sec-Fetch-Site), or whose Origin is not this
 * app's host. Requests without either header (scripts, old browsers) are let through: the session
 * cookie is SameSite=Lax, so a cross-site form post carries no session anyway.
 */
export function isCrossSiteMutation(request: ProxiedRequest): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const ownHosts = [request.headers.get('x-forwarded-host'), request.headers.get('host'), safeHost(request.url)]
    .flatMap((h) => (h ? h.split(',').map((s) => s.trim()) : []))
    .filter(Boolean);
  return !ownHosts.includes(originHost);
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * The API's session calls (sign-in, sign-out, password flows) answer or end API tokens, which must
 * never reach the browser: the admin app makes them on the server (server actions) and keeps the
 * token sealed in the cookie. The path is compared decoded and without empty segments, so
 * `/api/v1/%61uth/login` or `/api/v1//auth/login` is refused too; an undecodable path is refused.
 */
export function isSessionCall(path: string): boolean {
  const segments = decodedSegments(path);
  return !segments || (isVersioned(segments) && segments[2] === 'auth');
}

/**
 * Only the REST contract (`/api/v<n>/…`) is reachable through the proxy. The API's own pages
 * (`/api/docs`, `/api/openapi.json`, `/api/health`) stay internal: the browser never needs them,
 * and the reference and document describe every operation to whoever asks. Compared like
 * isSessionCall (decoded, without empty segments); an undecodable path or a `.`/`..` segment
 * is refused.
 */
export function isProxiedPath(path: string): boolean {
  const segments = decodedSegments(path);
  return segments !== null && isVersioned(segments) && segments.length > 2 && !segments.some((s) => s === '.' || s === '..');
}

function decodedSegments(path: string): string[] | null {
  try {
    return path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return null;
  }
}

const isVersioned = (segments: string[]) => segments[0] === 'api' && /^v\d+$/.test(segments[1] ?? '');

/** What the proxy needs to know of a browser's request, from a Web Request or Node's IncomingMessage. */
export interface ProxiedRequest {
  method: string;
  /** The URL the browser asked for (absolute, or a path with its query). */
  url: string;
  headers: { get(name: string): string | null };
}

/** What to do with one proxied request: refuse it here, or send it on to `target` with `headers`. */
export type ForwardPlan =
  | { refusal: { status: number; code: string; message: string } }
  | { refusal?: undefined; method: string; target: string; headers: Record<string, string>; hasBody: boolean };

/**
 * The proxy's rules in one place, for both transports (fetch in the route handler, node:http in the
 * admin server): refusals before the API sees anything, the target URL, and which request headers
 * go on (the session's token instead of the browser's cookie and Authorization).
 */
export function planForward(request: ProxiedRequest, options: ForwardOptions): ForwardPlan {
  if (isCrossSiteMutation(request)) {
    return { refusal: { status: 403, code: 'cross_site', message: 'Cross-site requests are not allowed' } };
  }
  if (isSessionCall(options.path) || !isProxiedPath(options.path)) {
    return { refusal: { status: 404, code: 'not_found', message: 'Not found' } };
  }
  const method = request.method.toUpperCase();
  const search = new URL(request.url, 'http://localhost').search;
  const target = `${options.upstream.replace(/\/+$/, '')}${options.path}${search}`;

  const headers: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  headers.authorization = `Bearer ${options.token || 'NONE'}`;
  // The API must not compress: a decoded body would leave a wrong Content-Length.
  headers['accept-encoding'] = 'identity';
  if (options.clientIp) headers['x-forwarded-for'] = options.clientIp;
  return { method, target, headers, hasBody: !['GET', 'HEAD'].includes(method) };
}

/**
 * The API's answer headers as the browser gets them: hop-by-hop headers and the API's cookies
 * dropped, the session cookie cleared when the API answers 401 (the token is no longer valid).
 * `decoded`: the transport has already decompressed the body (fetch does), so neither
 * Content-Encoding nor Content-Length describes what is sent.
 */
export function answerHeaders(
  status: number,
  upstream: Iterable<[string, string]>,
  options: Pick<ForwardOptions, 'clearSessionCookie'>,
  decoded: boolean,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  let encoded = false;
  for (const [name, value] of upstream) {
    const lower = name.toLowerCase();
    if (lower === 'content-encoding') encoded = true;
    if (!DROPPED_RESPONSE_HEADERS.has(lower)) out.push([lower, value]);
  }
  const result = decoded && encoded ? out.filter(([n]) => n !== 'content-encoding' && n !== 'content-length') : out;
  if (status === 401 && options.clearSessionCookie) result.push(['set-cookie', options.clearSessionCookie]);
  return result;
}

/** Whether an answer carries no body whatever the API sends. */
export const answerHasNoBody = (method: string, status: number) => method === 'HEAD' || [204, 205, 304].includes(status);

/** The proxy over fetch (the route handler app/api/[...path]); the admin server uses lib/api/forward-node.ts. */
export async function forwardRequest(request: Request, options: ForwardOptions): Promise<Response> {
  const plan = planForward(request, options);
  if (plan.refusal) return errorResponse(plan.refusal.status, plan.refusal.code, plan.refusal.message);

  const hasBody = plan.hasBody && request.body !== null;
  const init: RequestInit & { duplex?: 'half' } = {
    method: plan.method,
    headers: plan.headers,
    redirect: 'manual',
    signal: request.signal,
  };
  if (hasBody) {
    // Streamed as it arrives: a 50 MB upload is never held whole in memory.
    init.body = request.body;
    init.duplex = 'half';
  }

  let upstream: Response;
  try {
    upstream = await (options.fetchImpl ?? fetch)(plan.target, init);
  } catch {
    if (request.signal.aborted) return new Response(null, { status: 499 });
    return errorResponse(502, 'bad_gateway', 'The federation API is not reachable');
  }

  const responseHeaders = new Headers();
  for (const [name, value] of answerHeaders(upstream.status, upstream.headers, options, true)) responseHeaders.append(name, value);
  return new Response(answerHasNoBody(plan.method, upstream.status) ? null : upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  });
}
