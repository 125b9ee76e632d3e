import { useEffect, useState } from 'react';

/**
 * Code a screen needs only once the user asks for it (a dialog, a popup): import()ed on first use
 * and kept. Unlike React.lazy, a host that mounts after the code has arrived renders it at once,
 * without suspending, and the code can be asked for ahead of use (preload).
 */
export interface ModuleLoader<M> {
  /** the module, once it has arrived */
  peek(): M | null;
  /** starts the import (once) */
  load(): Promise<M>;
}

export function moduleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    peek: () => module,
    load: () => (pending ??= importer().then((m) => (module = m))),
  };
}

/** The module when it is there; asks for it as soon as `needed`. */
export function useModule<M>(loader: ModuleLoader<M>, needed: boolean): M | null {
  const [module, setModule] = useState<M | null>(loader.peek);
  useEffect(() => {
    if (needed && !module) void loader.load().then((m) => setModule(() => m));
  }, [loader, needed, module]);
  return module ?? loader.peek();
}
