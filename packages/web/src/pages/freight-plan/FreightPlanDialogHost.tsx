import i18n from 'i18next';
import { registerPageActions, type PageAction } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { ModuleLoading } from '@/platform/ModuleLoading';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { PLAN_DIALOGS, usePlanDialog } from './dialog-store';

/** The dialogs' code: fetched when the workspace is idle, or with the first click. */
const planDialogsCode = moduleLoader(() => import('./FreightPlanDialogs'));

/**
 * The freight plan list's page buttons (server domain/freight/menu.ts: page:poundListedit,
 * page:remittance, page:confirmOil, page:findPrint, page:importExcel, page:storage, page:detail)
 * open their dialog; all but the import on the one chosen plan.
 */
registerPageActions('freight-plan', Object.fromEntries(PLAN_DIALOGS.map((kind): [string, PageAction] => [kind, (ctx) => {
  if (kind !== 'importExcel' && ctx.selectedIds.length !== 1) return feedback.warning(i18n.t('freightPlan.oneRow'), 2);
  usePlanDialog.getState().show(kind, ctx);
}])));

/** Mounted once in the workspace, beside the other dialog hosts (it needs antd's App context). */
export function FreightPlanDialogHost() {
  const open = usePlanDialog((s) => s.open);
  const close = usePlanDialog((s) => s.close);
  const code = useModule(planDialogsCode, open !== null, close);
  if (!open) return null;
  if (!code) return <ModuleLoading />;
  const { FreightPlanDialogs } = code;
  return <FreightPlanDialogs key={open.key} kind={open.kind} ctx={open.ctx} onClose={close} />;
}
