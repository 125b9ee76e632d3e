import { useEffect, useState } from 'react';

/**
 * Code a screen needs only once the user asks for it (a dialog, a popup): import()ed on first use
 * and kept. Unlike React.lazy, a host that mounts after the code has arrived renders it at once,
 * without suspending, and the code can be asked for ahead of use (prefetch).
 */
export interface ModuleLoader<M> {
  /** the module, once it has arrived */
  peek(): M | null;
  /** starts the import (once; again after a failed one) */
  load(): Promise<M>;
}

/** Loaders whose code the workspace fetches while the browser is idle, in the order they were made. */
const idleLoaders: ModuleLoader<unknown>[] = [];

export function moduleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const loader: ModuleLoader<M> = {
    peek: () => module,
    load: () =>
      (pending ??= importer().then(
        (m) => (module = m),
        (error: unknown) => {
          // a chunk that failed (network, a deploy in between) is asked for again on the next use
          pending = null;
          throw error;
        },
      )),
  };
  idleLoaders.push(loader);
  return loader;
}

/** Every loader's code not fetched yet, for the workspace to prefetch when idle (app/layout/usePrefetchWhenIdle). */
export function loadersToPrefetch(): ModuleLoader<unknown>[] {
  return idleLoaders.filter((l) => !l.peek());
}

/**
 * The module when it is there; asks for it as soon as `needed`. When the import fails, onFailed
 * lets the caller close what asked for it, so that the next click asks again.
 */
export function useModule<M>(loader: ModuleLoader<M>, needed: boolean, onFailed?: (error: unknown) => void): M | null {
  const [module, setModule] = useState<M | null>(loader.peek);
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    loader.load().then(
      (m) => live && setModule(() => m),
      (error: unknown) => live && onFailed?.(error),
    );
    return () => {
      live = false;
    };
    // onFailed is a callback of the moment, not a reason to ask again
  }, [loader, needed, module]);
  return module ?? loader.peek();
}
