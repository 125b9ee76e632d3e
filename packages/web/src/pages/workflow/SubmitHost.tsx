import { useState } from 'react';
import { Alert, Input, Modal } from 'antd';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { WorkflowDocType } from '@wb/protocol';
import { queryClient } from '@/app/query-client';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { useEnglish } from '@/i18n/useEnglish';
import { registerPageActions, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { fetchDocTypes, initiate } from './api';
import { docTypeOfList } from './list-doc-type';
import { refreshCounts } from './counts';
import './i18n';

/**
 * 提交审批 on any document list: the family declares a button entry whose component is
 * `page:submitApproval` (WORKFLOW_SUBMIT_BUTTON) under the list's menu leaf, and the web needs nothing
 * more. The document type is the one whose calls' base is the list's (WorkflowDocType.base), else the
 * one whose list screen (menuPath) is the page the button sits on.
 */
export const WORKFLOW_SUBMIT_ACTION = 'submitApproval';
export const WORKFLOW_SUBMIT_BUTTON = `page:${WORKFLOW_SUBMIT_ACTION}`;

interface Pending { ctx: PageActionContext; docType: WorkflowDocType; key: number }
const useSubmit = create<{ open: Pending | null; show(p: Pending): void; close(): void }>()((set) => ({
  open: null,
  show: (p) => set({ open: p }),
  close: () => set({ open: null }),
}));

registerPageActions('workflow', {
  [WORKFLOW_SUBMIT_ACTION]: async (ctx) => {
    if (ctx.selectedIds.length === 0) return feedback.warning(i18n.t('workflow.actions.oneRow'), 2);
    let types: WorkflowDocType[];
    try {
      types = await queryClient.fetchQuery({ queryKey: ['workflow', 'doc-types'], queryFn: fetchDocTypes, staleTime: 60_000 });
    } catch (err) {
      if (err instanceof ApiError) return;
      throw err;
    }
    const docType = docTypeOfList(types, ctx.base, window.location.pathname);
    if (!docType) return feedback.warning(i18n.t('workflow.actions.notUnderApproval'), 2);
    useSubmit.getState().show({ ctx, docType, key: Date.now() });
  },
});

/** Mounted once in the workspace beside the other dialog hosts: the 提交审批 dialog, an optional note, then one call per chosen document. */
export function WorkflowSubmitHost() {
  const open = useSubmit((s) => s.open);
  const close = useSubmit((s) => s.close);
  if (!open) return null;
  return <SubmitDialog key={open.key} pending={open} onClose={close} />;
}

function SubmitDialog({ pending, onClose }: { pending: Pending; onClose(): void }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { ctx, docType } = pending;
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    let sent = 0;
    try {
      for (const docId of ctx.selectedIds) {
        await initiate({ docType: docType.key, docId, comment: comment.trim() || null });
        sent++;
      }
      feedback.success(t('workflow.actions.submitted'));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setProblem(err.message);
    } finally {
      setBusy(false);
      if (sent > 0) {
        ctx.clearSelection();
        ctx.refresh();
        void queryClient.invalidateQueries({ queryKey: ['workflow'] });
        void refreshCounts();
      }
    }
  };
  return (
    <Modal
      open
      title={`${t('workflow.actions.submit')} · ${english && docType.nameEn ? docType.nameEn : docType.name}`}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ ...({ 'data-testid': 'submit-ok' } as Record<string, string>) }}
    >
      <div data-testid="workflow-submit">
        <Input.TextArea rows={3} maxLength={500} placeholder={t('workflow.actions.submitComment')} value={comment} onChange={(e) => setComment(e.target.value)} data-testid="submit-comment" />
        {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} data-testid="submit-problem" />}
      </div>
    </Modal>
  );
}
