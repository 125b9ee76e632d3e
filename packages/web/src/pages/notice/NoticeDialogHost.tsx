import { lazy, Suspense } from 'react';
import { registerPageActions, type PageAction } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { NOTICE_DIALOGS, useNoticeDialog } from './dialog-store';
import { NOTICE_ZH } from './texts';

const NoticeDialogs = lazy(() => import('./NoticeDialogs'));

/**
 * The notice lists' page buttons (server domain/notice/menu.ts: page:updateMaxLimit, page:updateDone,
 * page:updateEndTime) open their dialogs here, each on one selected notice; the code loads on first use.
 */
registerPageActions('notice', Object.fromEntries(NOTICE_DIALOGS.map((kind): [string, PageAction] => [kind, (ctx) => {
  if (ctx.selectedIds.length !== 1) return feedback.warning(NOTICE_ZH.oneRow, 2);
  useNoticeDialog.getState().show(kind, ctx);
}])));

/** Mounted once in the workspace, beside the form and popup hosts (it needs antd's App context). */
export function NoticeDialogHost() {
  const open = useNoticeDialog((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NoticeDialogs />
    </Suspense>
  );
}
