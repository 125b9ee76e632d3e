import { useEffect } from 'react';
import { create } from 'zustand';
import { WORKFLOW_STREAM_EVENT, type WorkflowCounts } from '@wb/protocol';
import { useEventStream } from '@/platform/event-stream';
import { queryClient } from '@/app/query-client';
import { fetchCounts, WORKFLOW_STREAM_PATH } from './api';

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
 * home page read them, and the approval lists are read again when they change. Read through the
 * platform's event stream (platform/event-stream.ts), opened anew for another company (orgId).
 */
export function useWorkflowStream(orgId: string | null): void {
  useEffect(() => useWorkflowCounts.getState().set(null), [orgId]);
  useEventStream(orgId ? WORKFLOW_STREAM_PATH : null, {
    on: {
      [WORKFLOW_STREAM_EVENT]: (e) => {
        const counts = JSON.parse(e.data) as WorkflowCounts;
        const before = useWorkflowCounts.getState().counts;
        useWorkflowCounts.getState().set(counts);
        if (before && JSON.stringify(before) !== JSON.stringify(counts)) void queryClient.invalidateQueries({ queryKey: ['workflow'] });
      },
    },
    deps: [orgId],
    // refused (no approvals here, or not this user's): no badge, and no asking again
    refusedOn: [403, 404],
    onRefused: () => useWorkflowCounts.getState().set(null),
  });
}
