import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/** The dialogs the goods settlement lists' page buttons open (server domain/settlement/menu.ts), one at a time, on one settlement. */
/** (freightOperating: 结算操作 on 运费结算, server domain/freight-settlement/menu.ts) */
export const SETTLEMENT_DIALOGS = ['confirmPounds', 'adjust', 'invoice', 'payment', 'freightOperating'] as const;
/** 对账查询 (server domain/freight-settlement/menu.ts: page:reconcile): no settlement chosen, a party kind and a period. */
export type SettlementDialog = (typeof SETTLEMENT_DIALOGS)[number] | 'reconcile';

interface OpenDialog { kind: SettlementDialog; ctx: PageActionContext; key: number }

export const useSettlementDialog = create<{ open: OpenDialog | null; show(kind: SettlementDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
