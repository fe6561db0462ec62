/**
 * What every server action answers: the data, or a refusal. A refusal's `message` is the toast's
 * text (already in the UI's language), `description` an optional second line with the reason,
 * `fieldErrors` the messages per form field, and `code` the API's stable error code so a form can
 * react to a specific failure (e.g. the sign-in's no-permission error, an ended session).
 */
export type ActionResult<T = null> =
  { ok: true; data: T } | { ok: false; message: string; description?: string; fieldErrors?: Record<string, string>; code?: string };

export type ActionFailure = Extract<ActionResult<unknown>, { ok: false }>;

export function ok<T>(data: T): ActionResult<T> {
  return { ok: true, data };
}

export function fail(
  message: string,
  extra: { fieldErrors?: Record<string, string>; code?: string; description?: string } = {},
): ActionResult<never> {
  const out: ActionFailure = { ok: false, message };
  if (extra.description !== undefined) out.description = extra.description;
  if (extra.fieldErrors !== undefined) out.fieldErrors = extra.fieldErrors;
  if (extra.code !== undefined) out.code = extra.code;
  return out as ActionResult<never>;
}

/** The code of a refusal because the API no longer accepts the session's token (the session ended). */
export const SESSION_ENDED = 'session_ended';

/** The code of a failure because the server action got no answer at all (the connection dropped). */
export const NO_ANSWER = 'no_answer';
