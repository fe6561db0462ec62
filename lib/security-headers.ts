import { EMBED_HOSTS } from './domain/news/rich-text';
import { tileSource } from './map-tiles';

/**
 * The admin app's security headers, in one place. scripts/admin-server.ts puts the fixed ones on
 * every answer (pages, assets, the API proxy); proxy.ts adds the Content-Security-Policy with a
 * fresh nonce to every page.
 */

/** HSTS: browsers keep to HTTPS for a year once they have seen it over HTTPS. */
export const HSTS = 'max-age=31536000';

/**
 * Headers for every answer. `https`: the browser's connection is HTTPS (directly, or at a trusted
 * reverse proxy that said so in X-Forwarded-Proto); only then is HSTS sent.
 * The referrer policy keeps paths (a password-reset link holds its token) from leaving the site
 * while the tile server still learns which site asks (its usage policy wants a Referer).
 */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** A fresh, unguessable nonce for one page answer (128 random bits, base64). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The Content-Security-Policy of a page. Scripts: only Next's own, carrying this answer's nonce
 * ('strict-dynamic' lets them load the page's chunks). Styles allow inline style attributes and
 * elements, which React components and Leaflet set at run time; images come from this app, data:
 * and blob: URLs (previews of a picture before upload) and the map's tile server. Frames (embedded
 * videos in rich text) only over HTTPS from exactly the embed hosts the rich-text sanitiser keeps.
 * Nobody may frame the app. Development adds 'unsafe-eval' (React's debugging) and the reload websocket.
 */
export function contentSecurityPolicy(nonce: string, dev = process.env.NODE_ENV === 'development'): string {
  const tiles = tileSource();
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' blob: data:${tiles ? ` ${tiles}` : ''}`,
    `font-src 'self' data:`,
    `frame-src ${EMBED_HOSTS.map((host) => `https://${host}`).join(' ')}`,
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    // the service worker of push notifications (public/sw.js); without this it would fall back to
    // script-src, whose nonce and 'strict-dynamic' a worker script cannot carry
    `worker-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}
