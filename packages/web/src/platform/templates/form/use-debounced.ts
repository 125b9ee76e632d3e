import { useCallback, useEffect, useRef } from 'react';

/** The spec's save debounce: a save runs 600 ms after the last click or Enter (spec section 5). */
export const SAVE_DEBOUNCE_MS = 600;

/** A callback that runs once, `ms` after the last of a burst of calls. */
export function useDebounced(run: () => void, ms: number): () => void {
  const latest = useRef(run);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  latest.current = run;
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ms);
  }, [ms]);
}
