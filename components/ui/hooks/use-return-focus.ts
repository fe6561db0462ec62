'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Remembers which element had focus when `open` turned true and returns a function that puts focus
 * back there. Dialogs opened from code (no Radix trigger) would otherwise drop focus to the page
 * body on closing. When the element is gone (a list re-rendered), focus stays where it is.
 */
export function useReturnFocus(open: boolean): () => void {
  const previous = useRef<HTMLElement | null>(null);
  // a layout effect runs before the dialog's own effect moves focus into it
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return useCallback(() => {
    const target = previous.current;
    previous.current = null;
    if (target && target.isConnected) target.focus();
  }, []);
}
