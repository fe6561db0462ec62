'use client';

import { BASE_PATH, safeReturnPath } from '@/lib/domain/shell';
import { hardNavigate } from '@/components/ui/hard-navigate';
import { currentAppPath } from './session-draft';
import { notify, sessionEndedMessage, TOAST_LONG_DURATION_MS } from './toast';
import { allowLeaving } from './hooks/use-unsaved-changes-guard';

/** The sign-in address that returns to `path` afterwards. */
export function signInAgainPath(path: string): string {
  return `${BASE_PATH}/?expired=1&next=${encodeURIComponent(path)}`;
}

/**
 * The session ended (an action's SESSION_ENDED refusal or a 401 from a browser fetch): the one
 * way the app reacts. Its toast, then the sign-in page, which brings the user back to the page
 * they were on (with its address's query). `keep` saves what was typed first.
 */
export function leaveForSignIn(message?: string, keep?: () => void): void {
  keep?.();
  const text = message || sessionEndedMessage();
  if (text) notify.error(text, { duration: TOAST_LONG_DURATION_MS });
  allowLeaving();
  // the same place: the page with its view, search and page number when the sign-in accepts them
  const path = currentAppPath(BASE_PATH);
  const withQuery = path + window.location.search;
  hardNavigate(signInAgainPath(safeReturnPath(withQuery) ? withQuery : path));
}

/** A browser request that failed: `status` is the HTTP status, 0 when there was no answer. */
export class FetchFailed extends Error {
  constructor(readonly status: number) {
    super(status ? `request answered ${status}` : 'request got no answer');
    this.name = 'FetchFailed';
  }
}

/**
 * Every request the browser makes itself (lists, search-as-you-type, CSV downloads) goes through
 * this: a 401 leaves for the sign-in page as an ended session does for the forms; any other
 * failure, or no answer, rejects with FetchFailed for the caller to show ('Verbindungsfehler !!!'
 * in a list). An aborted request rejects with the abort as it is.
 */
export async function browserFetch(input: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new FetchFailed(0);
  }
  if (response.status === 401) {
    leaveForSignIn();
    throw new FetchFailed(401);
  }
  if (!response.ok) throw new FetchFailed(response.status);
  return response;
}

/** A failure already answered by leaving for the sign-in page: nothing else to show. */
export function isSessionEnd(error: unknown): boolean {
  return error instanceof FetchFailed && error.status === 401;
}

/** A cheap request that answers 401 once the session has ended: asked before every download. */
export const SESSION_PROBE_PATH = `${BASE_PATH}/api/v1/getUser`;

/**
 * Starts a download after making sure the session still holds (a 401 signs in again, no answer
 * rejects with FetchFailed). The browser then fetches the file itself and streams it to disk, so a
 * 100,000-member CSV or a long PDF never sits in the page's memory.
 */
export async function downloadFile(url: string, fileName?: string): Promise<void> {
  await browserFetch(SESSION_PROBE_PATH, { cache: 'no-store' });
  const link = document.createElement('a');
  link.href = url;
  // without a name here, the name comes from the answer's Content-Disposition
  link.download = fileName ?? '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
