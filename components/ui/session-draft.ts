/**
 * What a user typed when the session ended, kept in this tab's sessionStorage until they have
 * signed in again and the same record is open (then it is taken back, once). Keyed by the
 * record's address; a draft older than a day is dropped.
 */
const PREFIX = 'draft:';
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface Draft<V> {
  values: V;
  /** The version of the record the edit was based on. */
  basedOn?: string | null;
  savedAt: number;
}

export function saveDraft<V>(key: string, values: V, basedOn?: string | null): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify({ values, basedOn, savedAt: Date.now() } satisfies Draft<V>));
  } catch {
    // storage full or blocked: nothing to keep
  }
}

export function takeDraft<V>(key: string): Draft<V> | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    if (!raw) return null;
    sessionStorage.removeItem(PREFIX + key);
    const draft = JSON.parse(raw) as Draft<V>;
    return Date.now() - draft.savedAt < MAX_AGE_MS ? draft : null;
  } catch {
    return null;
  }
}

/** The app address (without the /admin base path) a draft is kept for: the page being edited. */
export function currentAppPath(basePath: string): string {
  const path = window.location.pathname;
  return path.startsWith(basePath) ? path.slice(basePath.length) || '/' : path;
}
