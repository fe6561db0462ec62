/**
 * Where the federation API lives and how the client address reaches it. Shared by the server-side
 * client (lib/api/client.ts) and the browser-facing proxy (lib/api/forward.ts).
 */
export function upstreamUrl(): string {
  return (process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

/**
 * The client address to pass on as X-Forwarded-For: the right-most entry, which the admin server
 * (scripts/admin-server.ts, see believedForwardedFor) has already reduced to what can be believed
 * (the API rate-limits failed sign-ins per address and client).
 */
export function clientIp(forwardedFor: string | null | undefined, realIp?: string | null): string | undefined {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.at(-1) ?? (realIp?.trim() || undefined);
}

/**
 * The X-Forwarded-For the admin server hands to Next and to the API proxy. Next keeps whatever
 * X-Forwarded-For a browser sends, so a browser could otherwise pick a fresh "client address" for
 * every sign-in attempt. Only a reverse proxy listed in ADMIN_TRUSTED_PROXY_IPS is believed (its
 * header's right-most entry is the client it saw); from anyone else the connecting address is used.
 */
export function believedForwardedFor(
  socketIp: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: readonly string[],
): string | undefined {
  const socket = socketIp?.trim() || undefined;
  const forwarded = [forwardedFor ?? []]
    .flat()
    .join(',')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (socket && trustedProxies.includes(socket) && forwarded.length > 0) return forwarded.join(', ');
  return socket;
}

/**
 * The X-Forwarded-Host the admin server hands to Next and to the API proxy: the host the browser
 * asked for, as a trusted reverse proxy (ADMIN_TRUSTED_PROXY_IPS) reports it (the left-most entry),
 * or none. Next compares a server action's Origin with it and the proxy's cross-site check counts
 * it as the app's own host, so anyone else's is dropped (Next then uses the Host header).
 */
export function believedForwardedHost(
  socketIp: string | undefined,
  forwardedHost: string | string[] | undefined,
  trustedProxies: readonly string[],
): string | undefined {
  if (!socketIp || !trustedProxies.includes(socketIp.trim())) return undefined;
  const first = [forwardedHost ?? []].flat().join(',').split(',')[0]?.trim();
  return first || undefined;
}

/** ADMIN_TRUSTED_PROXY_IPS: comma-separated addresses of reverse proxies in front of the admin app (none by default). */
export function trustedProxyIps(value: string | undefined = process.env.ADMIN_TRUSTED_PROXY_IPS): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Whether the browser's connection is HTTPS: the socket is TLS, or a trusted reverse proxy
 * (ADMIN_TRUSTED_PROXY_IPS) says so in X-Forwarded-Proto (its left-most entry, the scheme the
 * browser used). Anyone else's X-Forwarded-Proto is ignored.
 */
export function believedHttps(
  socketIp: string | undefined,
  encrypted: boolean,
  forwardedProto: string | string[] | undefined,
  trustedProxies: readonly string[],
): boolean {
  if (encrypted) return true;
  if (!socketIp || !trustedProxies.includes(socketIp.trim())) return false;
  const first = [forwardedProto ?? []].flat().join(',').split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}
