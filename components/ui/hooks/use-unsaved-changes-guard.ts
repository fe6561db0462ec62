'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { BASE_PATH } from '@/lib/domain/shell';

/** Set just before the app itself leaves the page on purpose (the session ended: data is kept). */
let leavingOnPurpose = false;

/** The next page unload is the app's own doing: no "leave this page?" question. */
export function allowLeaving(): void {
  leavingOnPurpose = true;
}

/** The questions of the screens holding unsaved changes right now (normally at most one). */
const guards = new Set<{ ask: () => Promise<boolean> }>();

/**
 * Whether the page may be left: true at once when nothing is unsaved, else the answer of the
 * screen's question ('Ja' leaves, 'Nein' stays). Every way out of a screen that is not a link
 * (selectors, view switches, buttons that navigate) asks this first, directly or through
 * `useGuardedRouter`.
 */
export async function confirmLeaving(): Promise<boolean> {
  for (const guard of [...guards]) {
    if (!(await guard.ask())) return false;
  }
  return true;
}

/**
 * The router every programmatic navigation uses: `push` and `replace` go on only when
 * `confirmLeaving` allows it, so no selector or switch drops unsaved changes without a question.
 * Answers whether it navigated.
 */
export function useGuardedRouter() {
  const router = useRouter();
  return useMemo(
    () => ({
      push: async (href: string) => {
        if (!(await confirmLeaving())) return false;
        router.push(href);
        return true;
      },
      replace: async (href: string) => {
        if (!(await confirmLeaving())) return false;
        router.replace(href);
        return true;
      },
      refresh: () => router.refresh(),
    }),
    [router],
  );
}

/**
 * While `active`, every way out of the page asks `confirmLeave` first: links inside the app
 * (another organisation or member in the list, a tab of the header), every navigation through
 * `useGuardedRouter` or `confirmLeaving` (header selectors, view switches); closing or reloading
 * the tab gets the browser's own question. One mechanism for every screen, so no list or selector
 * has to know about edits. Answers `release`: the changes were just saved or dropped on purpose,
 * the next navigation (before the screen renders again) must not ask.
 */
export function useUnsavedChangesGuard(active: boolean, confirmLeave: () => Promise<boolean>): () => void {
  const router = useRouter();
  const ask = useRef(confirmLeave);
  useEffect(() => {
    ask.current = confirmLeave;
  });
  const guard = useRef<{ ask: () => Promise<boolean> }>(null);

  useEffect(() => {
    if (!active) return;
    const entry = { ask: () => ask.current() };
    guard.current = entry;
    guards.add(entry);
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!guards.has(entry)) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      // stop Next's Link before it navigates; go on only after a "yes"
      event.preventDefault();
      event.stopPropagation();
      void confirmLeaving().then((leave) => {
        if (leave)
          router.push((url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname) + url.search);
      });
    }
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (leavingOnPurpose || !guards.has(entry)) return;
      event.preventDefault();
    }
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      guards.delete(entry);
      if (guard.current === entry) guard.current = null;
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, router]);

  return useCallback(() => {
    if (guard.current) guards.delete(guard.current);
  }, []);
}
