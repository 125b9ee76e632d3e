import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/** The dialogs the lab's list buttons open (server domain/quality/menu.ts), one at a time, on one sample. */
export const QUALITY_LAB_DIALOGS = ['assayEnter', 'assayRecheck'] as const;
export type QualityLabDialog = (typeof QUALITY_LAB_DIALOGS)[number];

interface OpenDialog { kind: QualityLabDialog; ctx: PageActionContext; key: number }

export const useQualityLabDialog = create<{ open: OpenDialog | null; show(kind: QualityLabDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
