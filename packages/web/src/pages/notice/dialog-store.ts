import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/** The notice dialog a list button opened (one at a time), with the list's context. */
export type NoticeDialog = 'updateMaxLimit' | 'updateDone' | 'updateEndTime';
export const NOTICE_DIALOGS: readonly NoticeDialog[] = ['updateMaxLimit', 'updateDone', 'updateEndTime'];

interface OpenDialog { kind: NoticeDialog; ctx: PageActionContext; key: number }

export const useNoticeDialog = create<{ open: OpenDialog | null; show(kind: NoticeDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
