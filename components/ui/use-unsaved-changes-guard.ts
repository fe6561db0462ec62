'use client';

import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { BASE_PATH } from '@/lib/domain/shell';

/** Set just before the app itself leaves the page on purpose (the session ended: data is kept). */
let leavingOnPurpose = false;

/** The next page unload is the app's own doing: no "leave this page?" question. */
export function allowLeaving(): void {
  leavingOnPurpose = true;
}

/**
 * While `active`, leaving the page through a link inside the app (another organisation or member
 * in the list, a tab of the header) first asks `confirmLeave`; closing or reloading the tab gets
 * the browser's own question. One listener for every screen, so no list has to know about edits.
 */
export function useUnsavedChangesGuard(active: boolean, confirmLeave: () => Promise<boolean>): void {
  const router = useRouter();
  const ask = useRef(confirmLeave);
  useEffect(() => {
    ask.current = confirmLeave;
  });

  useEffect(() => {
    if (!active) return;
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      // stop Next's Link before it navigates; go on only after a "yes"
      event.preventDefault();
      event.stopPropagation();
      void ask.current().then((leave) => {
        if (leave) router.push((url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname) + url.search);
      });
    }
    function onBeforeUnload(event: BeforeUnloadEvent) {
      if (leavingOnPurpose) return;
      event.preventDefault();
    }
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [active, router]);
}
