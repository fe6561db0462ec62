/**
 * The map tile server of the places map: NEXT_PUBLIC_MAP_TILE_URL (read at build time) or
 * OpenStreetMap's. Shared by the map and the Content-Security-Policy, which must allow its images.
 */
export const MAP_TILE_URL = process.env.NEXT_PUBLIC_MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The CSP source for the tile server: scheme and host of the template, a `{s}` subdomain
 * placeholder becoming `*` (`https://{s}.tile.example.org/…` → `https://*.tile.example.org`).
 */
export function tileSource(template: string = MAP_TILE_URL): string | null {
  const match = /^(https?:\/\/[^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const origin = match[1].replace(/\{[a-z]+\}/gi, '*');
  return /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin) ? origin : null;
}
