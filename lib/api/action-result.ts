/**
 * What every server action answers (DESIGN §3): the data, or a message for a toast plus messages
 * per field. `code` lets a form react to a specific failure (e.g. the sign-in's no-permission error).
 */
export type ActionResult<T = null> =
  | { ok: true; data: T }
  | { ok: false; message: string; fieldErrors?: Record<string, string>; code?: string };

export function ok<T>(data: T): ActionResult<T> {
  return { ok: true, data };
}

export function fail(message: string, extra: { fieldErrors?: Record<string, string>; code?: string } = {}): ActionResult<never> {
  return { ok: false, message, ...extra };
}

/**
 * zod issues → the first message per field, translated. Schemas in lib/schemas carry message keys.
 */
export function fieldErrorsOf(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  translate: (key: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = translate(issue.message);
  }
  return out;
}
