import { useEffect } from 'react';
import { loadersToPrefetch, type ModuleLoader } from '@/platform/module-loader';

/** How long a busy browser may put the prefetch off, in ms: it still comes before most first clicks. */
const IDLE_TIMEOUT = 3000;

/** Runs `task` when the browser is idle (or after IDLE_TIMEOUT); returns the cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT });
    return () => window.cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback: a short wait lets the first paint and its requests go first
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/**
 * Fetches the code of the workspace's dialogs and popups (module-loader.ts) one by one in idle
 * time once `ready` (the first page is shown), so that a later click finds it there. The shell's
 * first paint stays as small as before: nothing here is imported statically. A failed fetch is
 * left for the click to ask again.
 */
export function prefetchWhenIdle(loaders: ModuleLoader<unknown>[] = loadersToPrefetch()): () => void {
  let cancel: (() => void) | null = null;
  let stopped = false;
  const next = (i: number) => {
    if (stopped || i >= loaders.length) return;
    cancel = whenIdle(() => {
      cancel = null;
      void loaders[i].load().catch(() => undefined).then(() => next(i + 1));
    });
  };
  next(0);
  return () => {
    stopped = true;
    cancel?.();
  };
}

export function usePrefetchWhenIdle(ready: boolean): void {
  useEffect(() => (ready ? prefetchWhenIdle() : undefined), [ready]);
}
