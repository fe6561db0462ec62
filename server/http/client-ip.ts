import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The client's IP address for rate limiting. The admin app (BFF) calls the API from a trusted
 * address (TRUSTED_PROXY_IPS, loopback by default) and passes the browser's address as the first
 * X-Forwarded-For entry; from anyone else X-Forwarded-For is ignored, so a client cannot pick a
 * fresh address per attempt.
 */
export function clientIp(c: Context<AppEnv>, trustedProxyIps: readonly string[]): string {
  const socketAddress = c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
  if (trustedProxyIps.includes(socketAddress)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress;
}
