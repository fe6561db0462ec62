/**
 * What PostgreSQL refused, whichever driver ran the statement: node-postgres puts SQLSTATE and
 * constraint on its DatabaseError, PGlite on its own error, and drizzle wraps either in a
 * DrizzleQueryError (`cause`).
 */
function find(err: unknown): { code?: unknown; constraint?: unknown } | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code)) return e as { code?: unknown };
  }
  return null;
}

/** SQLSTATE of a failed statement (e.g. '23505' unique violation), or null. */
export function sqlState(err: unknown): string | null {
  const e = find(err);
  return e ? String(e.code) : null;
}

/** The name of the unique index a failed write hit, or null when the error is something else. */
export function uniqueViolation(err: unknown): string | null {
  const e = find(err);
  if (!e || e.code !== '23505') return null;
  return typeof e.constraint === 'string' ? e.constraint : '';
}

/** 22007/22008: a timestamp the database could not read (e.g. a garbled updatedAt). */
export function isBadTimestamp(err: unknown): boolean {
  const code = sqlState(err);
  return code === '22007' || code === '22008';
}
