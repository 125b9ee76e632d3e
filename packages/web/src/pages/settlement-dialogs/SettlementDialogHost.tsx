import i18n from 'i18next';
import { registerPageActions, type PageAction } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { ModuleLoading } from '@/platform/ModuleLoading';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { SETTLEMENT_DIALOGS, UNSELECTED_DIALOGS, useSettlementDialog } from './dialog-store';

/** The dialogs' code: fetched when the workspace is idle, or with the first click. */
const settlementDialogsCode = moduleLoader(() => import('./SettlementDialogs'));

/**
 * The settlement lists' page buttons 确认磅单, 调整, 发票 and 付款/收款 (server domain/settlement/menu.ts:
 * page:confirmPounds, page:adjust, page:invoice, page:payment) open their dialog on the one chosen settlement.
 */
registerPageActions('settlement-dialogs', Object.fromEntries([
  ...SETTLEMENT_DIALOGS.map((kind): [string, PageAction] => [kind, (ctx) => {
    if (ctx.selectedIds.length !== 1) return feedback.warning(i18n.t('settlementDialogs.oneRow'), 2);
    useSettlementDialog.getState().show(kind, ctx);
  }]),
  ...UNSELECTED_DIALOGS.map((kind): [string, PageAction] => [kind, (ctx) => useSettlementDialog.getState().show(kind, ctx)]),
]));

/** Mounted once in the workspace, beside the other dialog hosts (it needs antd's App context). */
export function SettlementDialogHost() {
  const open = useSettlementDialog((s) => s.open);
  const close = useSettlementDialog((s) => s.close);
  const code = useModule(settlementDialogsCode, open !== null, close);
  if (!open) return null;
  if (!code) return <ModuleLoading />;
  const { SettlementDialogs } = code;
  return <SettlementDialogs key={open.key} kind={open.kind} ctx={open.ctx} onClose={close} />;
}
