'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A form's required-field flash: `flash()` turns `flashing` on for `ms` (a later flash starts the
 * time again); the timer goes with the component.
 */
export function useRequiredFlash(ms: number): [flashing: boolean, flash: () => void] {
  const [flashing, setFlashing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const flash = useCallback(() => {
    setFlashing(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlashing(false), ms);
  }, [ms]);
  return [flashing, flash];
}
