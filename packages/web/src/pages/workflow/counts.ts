import { useEffect } from 'react';
import { EventSource } from 'eventsource';
import { create } from 'zustand';
import { WORKFLOW_STREAM_EVENT, type WorkflowCounts } from '@wb/protocol';
import { apiHeaders, refreshTokens } from '@/platform/api/http';
import { queryClient } from '@/app/query-client';
import { fetchCounts, WORKFLOW_STREAM_PATH } from './api';

const REOPEN_MS = 3000;

/** The caller's approval figures as the server last pushed them; null until the stream has spoken (or when it is refused). */
export const useWorkflowCounts = create<{ counts: WorkflowCounts | null; set(counts: WorkflowCounts | null): void }>()((set) => ({
  counts: null,
  set: (counts) => set({ counts }),
}));

/**
 * Reads the figures at once after the caller's own action (a decision, a submission), rather than
 * at the stream's next round; only while the stream is open (counts known).
 */
export async function refreshCounts(): Promise<void> {
  if (!useWorkflowCounts.getState().counts) return;
  try {
    useWorkflowCounts.getState().set(await fetchCounts());
  } catch {
    // the stream brings them soon enough
  }
}

/**
 * Keeps the figures live while the workspace is open (GET /api/workflow/stream, event `counts`: on
 * open and whenever a task, a decision or a copy reaches the caller): the top bar's badge and the
 * home page read them, and the approval lists are read again when they change. Opened with fetch
 * so it carries the bearer header, as the scale's live stream is; reopened after a drop, and
 * again for another company (orgId).
 */
export function useWorkflowStream(orgId: string | null): void {
  useEffect(() => {
    const store = useWorkflowCounts.getState();
    store.set(null);
    if (!orgId) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const open = () => {
      source = new EventSource(WORKFLOW_STREAM_PATH, {
        fetch: (url, init) => fetch(url, { ...init, headers: { ...init.headers, ...Object.fromEntries(apiHeaders().entries()) } }),
      });
      source.addEventListener(WORKFLOW_STREAM_EVENT, (e: MessageEvent) => {
        const counts = JSON.parse(e.data) as WorkflowCounts;
        const before = useWorkflowCounts.getState().counts;
        store.set(counts);
        if (before && JSON.stringify(before) !== JSON.stringify(counts)) void queryClient.invalidateQueries({ queryKey: ['workflow'] });
      });
      source.addEventListener('error', (e) => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        // refused (no approvals here, or not this user's): no badge, and no asking again
        if (e.code === 403 || e.code === 404) return store.set(null);
        timer = setTimeout(() => {
          void (e.code === 401 ? refreshTokens() : Promise.resolve(true)).then(() => !stopped && open());
        }, REOPEN_MS);
      });
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [orgId]);
}
