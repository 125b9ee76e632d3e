import i18n from 'i18next';
import { registerPageActions, type PageAction } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { ModuleLoading } from '@/platform/ModuleLoading';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { CONTRACT_DIALOGS, useContractDialog } from './dialog-store';

/** The dialogs' code: fetched when the workspace is idle, or with the first click. */
const contractDialogsCode = moduleLoader(() => import('./ContractDialogs'));

/**
 * The contract lists' page buttons 质量条款 and 变更记录 (server domain/contract/menu.ts:
 * page:contractQualityTerms, page:contractAmendHistory) open their dialog on the one chosen contract.
 */
registerPageActions('contract', Object.fromEntries(CONTRACT_DIALOGS.map((kind): [string, PageAction] => [kind, (ctx) => {
  if (ctx.selectedIds.length !== 1) return feedback.warning(i18n.t('contractDialogs.oneRow'), 2);
  useContractDialog.getState().show(kind, ctx);
}])));

/** Mounted once in the workspace, beside the form and popup hosts (it needs antd's App context). */
export function ContractDialogHost() {
  const open = useContractDialog((s) => s.open);
  const close = useContractDialog((s) => s.close);
  const code = useModule(contractDialogsCode, open !== null, close);
  if (!open) return null;
  if (!code) return <ModuleLoading />;
  const { ContractDialogs } = code;
  return <ContractDialogs key={open.key} kind={open.kind} ctx={open.ctx} onClose={close} />;
}
