import { create } from 'zustand';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';

/** The ticket dialogs the list's page buttons open (server weighing/menu.ts), one at a time, on one ticket. */
export const TICKET_DIALOGS = ['deductTicket', 'modifyTicketPrice', 'splitTicket', 'ticketPictures', 'ticketStockAddress', 'gaugeTicket', 'ticketBatch', 'batchDetail', 'batchTests', 'ticketReceipt'] as const;
/** 开仓 opens on the chosen batch or, with none chosen, on a new one */
export type TicketDialog = (typeof TICKET_DIALOGS)[number] | 'batchOpen';

interface OpenDialog { kind: TicketDialog; ctx: PageActionContext; key: number }

export const useTicketDialog = create<{ open: OpenDialog | null; show(kind: TicketDialog, ctx: PageActionContext): void; close(): void }>()((set) => ({
  open: null,
  show: (kind, ctx) => set({ open: { kind, ctx, key: Date.now() } }),
  close: () => set({ open: null }),
}));
