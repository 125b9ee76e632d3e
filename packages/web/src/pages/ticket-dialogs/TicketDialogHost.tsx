import i18n from 'i18next';
import { registerPageActions, type PageAction } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { ModuleLoading } from '@/platform/ModuleLoading';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { TICKET_DIALOGS, useTicketDialog } from './dialog-store';

/** The dialogs' code: fetched when the workspace is idle, or with the first click. */
const ticketDialogsCode = moduleLoader(() => import('./TicketDialogs'));

/**
 * The ticket lists' page buttons 扣重, 修改单价 and 拆分 (server weighing/menu.ts: page:deductTicket,
 * page:modifyTicketPrice, page:splitTicket) open their dialog on the one chosen ticket. The list
 * has already disabled a button the row's lifecycle refuses (rowActions).
 */
registerPageActions('ticket', Object.fromEntries(TICKET_DIALOGS.map((kind): [string, PageAction] => [kind, (ctx) => {
  if (ctx.selectedIds.length !== 1) return feedback.warning(i18n.t('ticketDialogs.oneRow'), 2);
  useTicketDialog.getState().show(kind, ctx);
}])));

/** The batch archive's 开仓 (server domain/batch columns.ts): on the one chosen batch, or a new one when none is chosen. */
registerPageActions('batch', {
  batchOpen: (ctx) => {
    if (ctx.selectedIds.length > 1) return feedback.warning(i18n.t('ticketDialogs.oneRow'), 2);
    useTicketDialog.getState().show('batchOpen', ctx);
  },
});

/** Mounted once in the workspace, beside the form and popup hosts (it needs antd's App context). */
export function TicketDialogHost() {
  const open = useTicketDialog((s) => s.open);
  const close = useTicketDialog((s) => s.close);
  const code = useModule(ticketDialogsCode, open !== null, close);
  if (!open) return null;
  if (!code) return <ModuleLoading />;
  const { TicketDialogs } = code;
  return <TicketDialogs key={open.key} kind={open.kind} ctx={open.ctx} onClose={close} />;
}
