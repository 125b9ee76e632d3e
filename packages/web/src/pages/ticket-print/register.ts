import { registerPageActions } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { TICKET_PRINT_ZH } from './texts';

/**
 * The ticket lists' 打印 button (server weighing/menu.ts: page:printTicket) opens the print page
 * of the one chosen ticket in a new tab: the page is paper-sized and prints without the workspace.
 * The tab is opened by this window, so it starts with this tab's session.
 */
export const ticketPrintPath = (base: string, id: string) => {
  const kind = base.replace(/\/+$/, '').split('/').pop() ?? '';
  return `/weigh/print/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
};

registerPageActions('ticket-print', {
  printTicket: (ctx) => {
    if (ctx.selectedIds.length !== 1) return feedback.warning(TICKET_PRINT_ZH.oneRow, 2);
    window.open(ticketPrintPath(ctx.base, ctx.selectedIds[0]), '_blank');
  },
});
