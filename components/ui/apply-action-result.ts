'use client';

import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { SESSION_ENDED, type ActionFailure, type ActionResult } from '@/lib/api/action-result';
import { BASE_PATH } from '@/lib/domain/shell';
import { hardNavigate } from '@/components/shell/hard-navigate';
import { currentAppPath } from './session-draft';
import { notify, TOAST_LONG_DURATION_MS } from './toast';
import { allowLeaving } from './use-unsaved-changes-guard';

export interface ApplyOptions {
  /** Success toast: a text, or false for none. Default: the data's `message`, when it has one. */
  success?: string | false;
  /**
   * Called when the session ended before the sign-in page opens, e.g. to keep the typed data.
   * Without it the user still goes to the sign-in page, which brings them back here afterwards.
   */
  onSessionEnded?: () => void;
}

/** The sign-in address that returns to `path` afterwards. */
export function signInAgainPath(path: string): string {
  return `${BASE_PATH}/?expired=1&next=${encodeURIComponent(path)}`;
}

/**
 * Shows a server action's result: a success toast; or the refusal's messages on the form's fields
 * (focusing the first), its message (and reason) as a toast. An ended session keeps the data via
 * `onSessionEnded` and opens the sign-in page. Answers whether the action succeeded.
 */
export function applyActionResult<T, V extends FieldValues = FieldValues>(
  result: ActionResult<T>,
  form?: Pick<UseFormReturn<V>, 'setError'> | null,
  options: ApplyOptions = {},
): result is { ok: true; data: T } {
  if (result.ok) {
    const data = result.data as { message?: unknown } | null;
    const message = options.success ?? (data && typeof data.message === 'string' ? data.message : false);
    if (message) notify.success(message);
    return true;
  }
  showFailure(result, form, options);
  return false;
}

function showFailure<V extends FieldValues>(result: ActionFailure, form: Pick<UseFormReturn<V>, 'setError'> | null | undefined, options: ApplyOptions) {
  if (result.code === SESSION_ENDED) {
    options.onSessionEnded?.();
    notify.error(result.message, { duration: TOAST_LONG_DURATION_MS });
    allowLeaving();
    hardNavigate(signInAgainPath(currentAppPath(BASE_PATH)));
    return;
  }
  if (form) {
    Object.entries(result.fieldErrors ?? {}).forEach(([field, message], index) => {
      form.setError(field as FieldPath<V>, { type: 'server', message }, { shouldFocus: index === 0 });
    });
  }
  if (result.description) notify.error(result.message, { description: result.description });
  else notify.error(result.message);
}
