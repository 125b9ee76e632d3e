import { lazy, Suspense } from 'react';
import { registerPageActions, type PageAction } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { useRegistryDialog, type RegistryDialog } from './dialog-store';
import { ZH } from './texts';
// the 读卡 beside a registry form's IC卡号 (registered with the page buttons, at start)
import './card-field';

const RegistryDialogs = lazy(() => import('./RegistryDialogs'));

/**
 * The registry list's page buttons (server domain/registry/menu.ts: page:readCard, page:supplement,
 * page:pictures, page:rematch, page:driverLink) open their dialogs here; the dialogs' code loads on first use.
 */
const needsOne: Record<RegistryDialog, boolean> = { readCard: false, supplement: true, pictures: true, rematch: false, driverLink: true };

registerPageActions('registry', Object.fromEntries((Object.keys(needsOne) as RegistryDialog[]).map((kind): [string, PageAction] => [kind, (ctx) => {
  if (needsOne[kind] && ctx.selectedIds.length !== 1) return feedback.warning(ZH.oneRow, 2);
  if (kind === 'rematch' && ctx.selectedIds.length === 0) return feedback.warning('请至少选择一条数据！', 2);
  useRegistryDialog.getState().show(kind, ctx);
}])));

/** Mounted once in the workspace, beside the form and popup hosts (it needs antd's App context). */
export function RegistryDialogHost() {
  const open = useRegistryDialog((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RegistryDialogs />
    </Suspense>
  );
}
