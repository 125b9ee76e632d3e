import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sessionStore } from '@/platform/storage';
import { isChunkLoadFailure, reportClientError } from './report-client-error';

/** One entry of the error log the settings switch 'log' shows (spec section 3: url, time, type, message, stack, info). */
export interface ClientLogEntry {
  url: string;
  time: string;
  type: 'error' | 'promise' | 'render' | 'chunk' | 'api';
  message: string;
  stack: string;
  info: string;
  /** a refused call (4xx): kept for a support call, not counted as a failure */
  refusal?: boolean;
}

const MAX_ENTRIES = 200;

interface ClientLogState {
  entries: ClientLogEntry[];
  add(entry: Omit<ClientLogEntry, 'url' | 'time'>): void;
  clear(): void;
}

export const useClientLog = create<ClientLogState>()(
  persist(
    (set) => ({
      entries: [],
      add: (entry) =>
        set((s) => ({
          entries: [{ ...entry, url: window.location.pathname + window.location.search, time: new Date().toISOString() }, ...s.entries].slice(0, MAX_ENTRIES),
        })),
      clear: () => set({ entries: [] }),
    }),
    { name: 'wb-client-log', storage: createJSONStorage(() => sessionStore) },
  ),
);

/** Keeps the failure in the settings' error log and, unless it is a failed call the server saw, sends it to the admin log. */
export function logClientError(type: ClientLogEntry['type'], err: unknown, info = '', refusal = false): void {
  const e = err instanceof Error ? err : new Error(String(err));
  const kind = type !== 'api' && isChunkLoadFailure(e.message) ? 'chunk' : type;
  useClientLog.getState().add({ type: kind, message: e.message, stack: e.stack ?? '', info, ...(refusal ? { refusal } : {}) });
  if (kind !== 'api') reportClientError({ type: kind, message: e.message || e.name, stack: e.stack ?? '', info });
}

/** How many entries are real failures (network, 5xx, render, script): the header badge's count. */
export const failureCount = (entries: readonly ClientLogEntry[]): number => entries.filter((e) => !e.refusal).length;
