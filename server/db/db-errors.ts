/**
 * What PostgreSQL refused, whichever driver ran the statement: node-postgres puts SQLSTATE and
 * constraint on its DatabaseError, PGlite on its own error, and drizzle wraps either in a
 * DrizzleQueryError (`cause`).
 */
function find(err: unknown): { code?: unknown; constraint?: unknown } | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code))
      return e as { code?: unknown };
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

/**
 * What the API answers when a statement failed on the data rather than on the server: a last line
 * of defence behind the input schemas (lib/schemas), so that a value they let through is a 4xx
 * that changed nothing (the statement failed, its transaction rolled back), never a 500.
 * - 23503 on insert/update: the record referred to does not exist → 404;
 *   on delete: the record is still referred to → 409;
 * - 23505 unique, 40001/40P01 serialization failure/deadlock → 409;
 * - 22xxx data exceptions (number out of range, text with NUL, impossible date …) → 400.
 */
export function refusalOf(err: unknown): { status: 400 | 404 | 409; code: string; message: string } | null {
  const e = find(err) as { code?: unknown; detail?: unknown; message?: unknown } | null;
  if (!e) return null;
  const code = String(e.code);
  if (code === '23503') {
    const text = `${String(e.message ?? '')} ${String(e.detail ?? '')}`;
    return /still referenced/i.test(text)
      ? { status: 409, code: 'in_use', message: 'The record is still in use' }
      : { status: 404, code: 'not_found', message: 'A record this refers to does not exist' };
  }
  if (code === '23505') return { status: 409, code: 'conflict', message: 'A record with these values already exists' };
  if (code === '40001' || code === '40P01') return { status: 409, code: 'conflict', message: 'A parallel change interfered; try again' };
  if (code.startsWith('22')) return { status: 400, code: 'invalid_value', message: 'A value is out of range or malformed' };
  return null;
}
