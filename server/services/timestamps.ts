/**
 * Timestamps in answers are RFC 3339 (`2026-11-23T18:30:24.052Z`), not PostgreSQL's text form
 * (`2026-11-23 18:30:24.052+00`). Rewritten as text, not through Date: PostgreSQL keeps
 * microseconds, and an updatedAt sent back must compare equal to the stored one.
 */

const PG_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?|Z)?$/;

/** A timestamptz as PostgreSQL (or PGlite) writes it, in RFC 3339; anything else is returned unchanged. */
export function rfc3339(value: string): string;
export function rfc3339(value: string | null): string | null;
export function rfc3339(value: string | null): string | null {
  if (value === null) return null;
  const m = PG_TIMESTAMP.exec(value);
  if (!m) return value;
  const [, day, time, sign, hours, minutes = '00', seconds] = m;
  // Offsets with seconds (historic local mean times) have no RFC 3339 form: go through Date.
  if (seconds) return new Date(value.replace(' ', 'T')).toISOString();
  if (!sign || (hours === '00' && minutes === '00')) return `${day}T${time}Z`;
  return `${day}T${time}${sign}${hours}:${minutes}`;
}
