/**
 * Where the federation API lives and how the client address reaches it. Shared by the server-side
 * client (lib/api/client.ts) and the browser-facing proxy (lib/api/forward.ts).
 */
export function upstreamUrl(): string {
  return (process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

/**
 * The client address to pass on as X-Forwarded-For. Next fills `x-forwarded-for` with the socket
 * address when the request has none; behind a reverse proxy that appends the address it saw, the
 * right-most entry is the one a client cannot forge, so that one is used (the API rate-limits
 * failed sign-ins per address).
 */
export function clientIp(forwardedFor: string | null | undefined, realIp?: string | null): string | undefined {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.at(-1) ?? (realIp?.trim() || undefined);
}
