/**
 * What an audit entry records of a write: the fields whose value changed, before and after.
 * Secrets (password hashes, tokens, proofs) are never recorded, not even as "changed": a reader
 * of the history learns that the password changed from the entry's action, never its value.
 */

export type FieldChange = { before: unknown; after: unknown };
export type Changes = Record<string, FieldChange>;

/** Field names that are never written to the audit trail (case-insensitive substring match). */
const SECRET_FIELD = /(password|passwd|secret|token|proof|hash|fingerprint)/i;

/** Bookkeeping columns that change with every write and say nothing to a reader. */
const IGNORED_FIELDS = new Set(['updatedAt', 'createdAt']);

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null && b == null) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1))) : v,
  );
}

/**
 * The changed fields between two versions of a record. `before` null = created, `after` null =
 * deleted: then every (non-secret) field is listed with null on the other side.
 */
export function diffRecords(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of [...keys].sort()) {
    if (isSecretField(key) || IGNORED_FIELDS.has(key)) continue;
    const b = before ? (before[key] ?? null) : null;
    const a = after ? (after[key] ?? null) : null;
    if (!same(b, a)) changes[key] = { before: b, after: a };
  }
  return changes;
}
