'use client';

import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { NO_ANSWER, SESSION_ENDED, type ActionFailure, type ActionResult } from '@/lib/api/action-result';
import { leaveForSignIn } from './session-ended';
import { genericErrorMessage, notify, TOAST_LONG_DURATION_MS } from './toast';

export interface ApplyOptions<T = unknown> {
  /**
   * Success toast: a text (or one made from the data), or false for none. Default: the data's
   * `message`, when it has one.
   */
  success?: string | false | ((data: T) => string | false);
  /**
   * Called when the session ended before the sign-in page opens, e.g. to keep the typed data.
   * Without it the user still goes to the sign-in page, which brings them back here afterwards.
   */
  onSessionEnded?: () => void;
  /**
   * Shows a refusal another way (e.g. as an alert on the page); answering true leaves out the toast.
   * Called after the refusal's field messages are on the form.
   */
  handled?: (failure: ActionFailure) => boolean;
  /** Refusal codes whose toast stays 5 s instead of 3 (e.g. 'rate_limited', which says how long to wait). */
  longToastFor?: readonly string[];
}

/**
 * A server action's answer, or, when the call got none (the connection dropped), a NO_ANSWER
 * failure with the generic text: a list or screen shows its failure and a toast instead of the
 * call throwing into the page's error boundary. Every call whose rejection is not caught otherwise
 * (list loading, search-as-you-type) goes through this.
 */
export async function settleAction<T>(call: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await call;
  } catch {
    return { ok: false, message: genericErrorMessage(), code: NO_ANSWER };
  }
}

/**
 * Shows a server action's result: a success toast; or the refusal's messages on the form's fields
 * (focusing the first), its message (and reason) as a toast. An ended session keeps the data via
 * `onSessionEnded` and opens the sign-in page. Answers whether the action succeeded.
 */
export function applyActionResult<T, V extends FieldValues = FieldValues>(
  result: ActionResult<T>,
  form?: Pick<UseFormReturn<V>, 'setError'> | null,
  options: ApplyOptions<T> = {},
): result is { ok: true; data: T } {
  if (result.ok) {
    const data = result.data as { message?: unknown } | null;
    const success = typeof options.success === 'function' ? options.success(result.data) : options.success;
    const message = success ?? (data && typeof data.message === 'string' ? data.message : false);
    if (message) notify.success(message);
    return true;
  }
  showFailure(result, form, options);
  return false;
}

function showFailure<T, V extends FieldValues>(
  result: ActionFailure,
  form: Pick<UseFormReturn<V>, 'setError'> | null | undefined,
  options: ApplyOptions<T>,
) {
  if (result.code === SESSION_ENDED) {
    leaveForSignIn(result.message, options.onSessionEnded);
    return;
  }
  if (form) {
    Object.entries(result.fieldErrors ?? {}).forEach(([field, message], index) => {
      form.setError(field as FieldPath<V>, { type: 'server', message }, { shouldFocus: index === 0 });
    });
  }
  if (options.handled?.(result)) return;
  const long = result.code !== undefined && options.longToastFor?.includes(result.code);
  if (!result.description && !long) notify.error(result.message);
  else
    notify.error(result.message, {
      ...(result.description ? { description: result.description } : {}),
      ...(long ? { duration: TOAST_LONG_DURATION_MS } : {}),
    });
}
