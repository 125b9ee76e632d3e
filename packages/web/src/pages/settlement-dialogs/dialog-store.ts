import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/** The dialogs the goods settlement lists' page buttons open (server domain/settlement/menu.ts), one at a time, on one settlement. */
/** (freightOperating: 结算操作 on 运费结算, server domain/freight-settlement/menu.ts) */
export const SETTLEMENT_DIALOGS = ['confirmPounds', 'adjust', 'invoice', 'payment', 'freightOperating'] as const;
/**
 * Opened with no settlement chosen (server domain/freight-settlement/menu.ts): 对账查询 (page:reconcile),
 * a party kind and a period; 新建结算 (page:freightCreate), a carrier and a period.
 */
export const UNSELECTED_DIALOGS = ['reconcile', 'freightCreate'] as const;
export type SettlementDialog = (typeof SETTLEMENT_DIALOGS)[number] | (typeof UNSELECTED_DIALOGS)[number];

interface OpenDialog { kind: SettlementDialog; ctx: PageActionContext; key: number }

export const useSettlementDialog = create<{ open: OpenDialog | null; show(kind: SettlementDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
