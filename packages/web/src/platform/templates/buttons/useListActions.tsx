import { useCallback, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentBase, familyButtonAction, isButtonAction, type ButtonAction, type FamilyButtonAction, type ListRequest, type MenuButton } from '@wb/protocol';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { allocate, copyOne, exportList, runBatchAction, runOneAction } from '../api';
import { confirmationOf, FAMILY_CONFIRMATIONS, familySelectionProblem, selectionMessageOn, selectionProblem } from './action-rules';
import { pageAction } from './page-actions';
import { AllocateDialog } from './AllocateDialog';
import { ImportDialog } from './ImportDialog';
import { openTemplateForm } from '@/platform/templates/form/open-form';
import type { OpenFormRequest } from './form-bridge';

interface Context {
  resUrl: string;
  name: string;
  selectedIds: string[];
  /** the selected rows as listed (a page action may need more than their ids) */
  selectedRows?: Record<string, unknown>[];
  request: ListRequest;
  /** field name -> label, for the import problems */
  labels?: Readonly<Record<string, string>>;
  /** the family copies several rows at once */
  multiCopy?: boolean;
  openForm?(request: OpenFormRequest): void;
  refresh(): void;
  clearSelection(): void;
}

type Dialog = { kind: 'import' } | { kind: 'allocate'; action: 'allocate' | 'cancelAllocate' } | null;

/**
 * What a list's buttons do (protocol documents.ts): the selection check and confirmation first,
 * then the call; success refreshes the list, a failure shows the server's message (the client does).
 */
export function useListActions(ctx: Context): { run(button: MenuButton): void; busy: string | null; dialogs: ReactNode } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const base = documentBase(ctx.resUrl);

  // warnings: what the action went through with that the user should know (a stock balance left below zero)
  const done = useCallback((count?: number, warnings: readonly string[] = []) => {
    feedback.success(count === undefined ? t('listScreen.done') : t('listScreen.doneCount', { count }));
    for (const w of warnings) feedback.warning(w);
    ctx.clearSelection();
    ctx.refresh();
  }, [ctx, t]);

  const perform = useCallback(async (button: MenuButton, action: ButtonAction) => {
    const ids = ctx.selectedIds;
    switch (action) {
      case 'create':
      case 'update':
        (ctx.openForm ?? openTemplateForm)({ menuButton: button, base, mode: action, id: action === 'update' ? ids[0] : undefined, onSaved: ctx.refresh });
        return;
      case 'import':
        setDialog({ kind: 'import' });
        return;
      case 'allocate':
      case 'cancelAllocate':
        setDialog({ kind: 'allocate', action });
        return;
      case 'export':
        return exportList(base, ctx.request, ctx.name);
      case 'copy':
        if (ids.length === 1) {
          await copyOne(base, ids[0]);
          return done(1);
        }
        return done((await runBatchAction(base, 'copy', ids)).count);
      case 'view':
        return;
      default: {
        const reply = await runBatchAction(base, action, ids);
        return done(reply.count, reply.warnings);
      }
    }
  }, [ctx, base, done]);

  const performFamily = useCallback(async (button: MenuButton, action: FamilyButtonAction) => {
    const ids = ctx.selectedIds;
    if (action.kind === 'batch') {
      const reply = await runBatchAction(base, action.name, ids);
      return done(reply.count, reply.warnings);
    }
    if (action.kind === 'one') {
      await runOneAction(base, action.name, ids[0]);
      return done(1);
    }
    const handler = pageAction(action.name);
    if (!handler) return feedback.warning(t('listScreen.unknownAction', { action: button.label }), 2);
    await handler({ base, button, selectedIds: ids, selectedRows: ctx.selectedRows ?? [], refresh: ctx.refresh, clearSelection: ctx.clearSelection });
  }, [ctx, base, done, t]);

  const run = useCallback((button: MenuButton) => {
    const action = button.component;
    const family = familyButtonAction(action);
    if (!isButtonAction(action) && !family) return feedback.warning(t('listScreen.unknownAction', { action: action ?? button.label }), 2);
    const problem = selectionMessageOn(base, family ? familySelectionProblem(family, ctx.selectedIds.length) : selectionProblem(action as ButtonAction, ctx.selectedIds.length, { multiCopy: ctx.multiCopy }), ctx.selectedIds.length);
    if (problem) return feedback.warning(problem, 2);
    const go = async () => {
      setBusy(button.id);
      try {
        await (family ? performFamily(button, family) : perform(button, action as ButtonAction));
      } catch (err) {
        // the client already showed the server's message; anything else is a fault worth seeing
        if (!(err instanceof ApiError)) throw err;
      } finally {
        setBusy(null);
      }
    };
    const question = family ? (FAMILY_CONFIRMATIONS[family.name] ?? null) : confirmationOf(action as ButtonAction);
    if (!question) return void go();
    modal.confirm({ title: t('common.tip'), content: question, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: go });
  }, [ctx.selectedIds.length, ctx.multiCopy, base, perform, performFamily, modal, t]);

  const closeDialog = () => setDialog(null);
  const dialogs = (
    <>
      <ImportDialog open={dialog?.kind === 'import'} base={base} name={ctx.name} labels={ctx.labels} onClose={closeDialog} onImported={ctx.refresh} />
      <AllocateDialog
        open={dialog?.kind === 'allocate'}
        action={dialog?.kind === 'allocate' ? dialog.action : 'allocate'}
        onClose={closeDialog}
        onConfirm={async (orgIds) => {
          if (dialog?.kind !== 'allocate') return;
          try {
            const { count } = await allocate(base, dialog.action, { ids: ctx.selectedIds, orgIds });
            closeDialog();
            done(count);
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
          }
        }}
      />
    </>
  );
  return { run, busy, dialogs };
}
