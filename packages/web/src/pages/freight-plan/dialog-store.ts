import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/**
 * The dialogs the freight plan list's page buttons open (server domain/freight/menu.ts), one at a
 * time; all but the import work on one chosen plan.
 */
export const PLAN_DIALOGS = ['poundListedit', 'remittance', 'confirmOil', 'findPrint', 'importExcel', 'storage', 'detail'] as const;
export type PlanDialog = (typeof PLAN_DIALOGS)[number];

interface OpenDialog { kind: PlanDialog; ctx: PageActionContext; key: number }

export const usePlanDialog = create<{ open: OpenDialog | null; show(kind: PlanDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
