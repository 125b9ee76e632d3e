import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchWhenIdle } from '@/app/layout/usePrefetchWhenIdle';
import { loadersToPrefetch, moduleLoader, useModule, type ModuleLoader } from '../module-loader';

interface Code {
  name: string;
}

/** An importer the test settles by hand, counting how often it is asked. */
function manualImporter() {
  const calls: { resolve(m: Code): void; reject(e: Error): void }[] = [];
  const importer = vi.fn(
    () =>
      new Promise<Code>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { importer, calls };
}

/** requestIdleCallback held by the test: idle() runs what is waiting. */
let idleQueue: (() => void)[] = [];
async function idle(): Promise<void> {
  const tasks = idleQueue;
  idleQueue = [];
  await act(async () => {
    for (const t of tasks) t();
  });
}
beforeEach(() => {
  idleQueue = [];
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idleQueue.push(cb));
  vi.stubGlobal('cancelIdleCallback', (id: number) => {
    idleQueue[id - 1] = () => undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A top-bar button and the dialog it opens, the way CompanySwitcher uses the loader. */
function Opener({ loader }: { loader: ModuleLoader<Code> }) {
  const [open, setOpen] = useState(false);
  const code = useModule(loader, open, () => setOpen(false));
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      {open && !code && <span>loading</span>}
      {open && code && <span>dialog {code.name}</span>}
    </>
  );
}

describe('prefetch of the dialogs code when idle', () => {
  it('loads nothing before the browser is idle, then each module once, one after the other', async () => {
    const a = manualImporter();
    const b = manualImporter();
    const la = moduleLoader(a.importer);
    const lb = moduleLoader(b.importer);
    prefetchWhenIdle([la, lb]);
    expect(a.importer).not.toHaveBeenCalled();

    await idle();
    expect(a.importer).toHaveBeenCalledTimes(1);
    expect(b.importer).not.toHaveBeenCalled();
    await act(async () => a.calls[0].resolve({ name: 'A' }));
    expect(la.peek()).toEqual({ name: 'A' });

    await idle();
    expect(b.importer).toHaveBeenCalledTimes(1);
    await act(async () => b.calls[0].resolve({ name: 'B' }));
    expect(lb.peek()).toEqual({ name: 'B' });
    expect(loadersToPrefetch()).not.toContain(la);

    // a click afterwards finds the code there: the dialog at once, no second import
    render(<Opener loader={la} />);
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByText('dialog A')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(a.importer).toHaveBeenCalledTimes(1);
  });

  it('a click while the prefetch is under way shows loading and waits for the same import', async () => {
    const a = manualImporter();
    const la = moduleLoader(a.importer);
    prefetchWhenIdle([la]);
    await idle();
    expect(a.importer).toHaveBeenCalledTimes(1);

    render(<Opener loader={la} />);
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByText('loading')).toBeTruthy();

    await act(async () => a.calls[0].resolve({ name: 'A' }));
    expect(screen.getByText('dialog A')).toBeTruthy();
    expect(a.importer).toHaveBeenCalledTimes(1);
  });

  it('a failed prefetch is asked again by the click', async () => {
    const a = manualImporter();
    const la = moduleLoader(a.importer);
    prefetchWhenIdle([la]);
    await idle();
    await act(async () => a.calls[0].reject(new Error('chunk failed')));
    expect(la.peek()).toBeNull();
    expect(loadersToPrefetch()).toContain(la);

    render(<Opener loader={la} />);
    fireEvent.click(screen.getByText('open'));
    expect(a.importer).toHaveBeenCalledTimes(2);
    await act(async () => a.calls[1].resolve({ name: 'A' }));
    expect(screen.getByText('dialog A')).toBeTruthy();
  });

  it('a click whose import fails closes, and the next click asks again', async () => {
    const a = manualImporter();
    const la = moduleLoader(a.importer);
    render(<Opener loader={la} />);
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => a.calls[0].reject(new Error('chunk failed')));
    expect(screen.queryByText('loading')).toBeNull();

    fireEvent.click(screen.getByText('open'));
    expect(a.importer).toHaveBeenCalledTimes(2);
    await act(async () => a.calls[1].resolve({ name: 'A' }));
    expect(screen.getByText('dialog A')).toBeTruthy();
  });

  it('stops when the workspace leaves before the browser was idle', async () => {
    const a = manualImporter();
    const stop = prefetchWhenIdle([moduleLoader(a.importer)]);
    stop();
    await idle();
    expect(a.importer).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback it waits a moment with a timer instead', async () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const a = manualImporter();
    prefetchWhenIdle([moduleLoader(a.importer)]);
    expect(a.importer).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(a.importer).toHaveBeenCalledTimes(1);
  });
});
