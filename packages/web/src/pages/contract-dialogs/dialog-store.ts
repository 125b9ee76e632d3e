import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/** The dialogs the contract lists' page buttons open (server domain/contract/menu.ts), one at a time, on one contract. */
export const CONTRACT_DIALOGS = ['contractQualityTerms', 'contractAmendHistory'] as const;
export type ContractDialog = (typeof CONTRACT_DIALOGS)[number];

interface OpenDialog { kind: ContractDialog; ctx: PageActionContext; key: number }

export const useContractDialog = create<{ open: OpenDialog | null; show(kind: ContractDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
