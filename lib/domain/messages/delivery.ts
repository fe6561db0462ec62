/**
 * Rules of the message centre's delivery that both the API and the screens use.
 */

export const MESSAGE_MEDIA = ['email', 'push'] as const;
export type MessageMedium = (typeof MESSAGE_MEDIA)[number];

/** The message list shows 4 per page. */
export const MESSAGE_PAGE_SIZE = 4;

/** A delivery is tried at most this often (the waits between add up to ~1 h 43 min); then it is `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 12;

/**
 * Wait before the next try after `attempts` failed ones: doubling from `baseMs` (1 → base,
 * 2 → 2·base, 3 → 4·base …), at most `maxMs`, so a mail server that is down for an hour is not
 * hammered and one back after a minute is used again soon.
 */
export function retryDelayMs(attempts: number, baseMs = 5_000, maxMs = 30 * 60_000): number {
  const n = Math.max(1, attempts);
  return Math.min(maxMs, baseMs * 2 ** Math.min(n - 1, 30));
}

/**
 * How long the outbox holds a message's deliveries for the files its sender announced (the form
 * uploads them right after sending, so the e-mails carry them); past this, they go with the files
 * that have arrived.
 */
export const ATTACHMENT_WAIT_MS = 15 * 60_000;

/** The states of one delivery, in the order the Status tab counts them (a plain list: screens need no zod for it). */
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed', 'no_address', 'no_subscription'] as const;

/** A message needs roles, a title and a language; the fields missing, in the form's order. */
export function missingMessageFields(v: {
  roles: readonly unknown[];
  title: string;
  lang: string | null | undefined;
}): Array<'roles' | 'title' | 'lang'> {
  const missing: Array<'roles' | 'title' | 'lang'> = [];
  if (v.roles.length === 0) missing.push('roles');
  if (!v.title.trim()) missing.push('title');
  if (!v.lang) missing.push('lang');
  return missing;
}
