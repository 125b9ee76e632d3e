import i18n from 'i18next';
import { downloadFile } from '@/platform/api/download';
import { registerPageActions, type PageAction } from '@/platform/templates/buttons/page-actions';
import { feedback } from '@/platform/feedback';
import { ModuleLoading } from '@/platform/ModuleLoading';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { QUALITY_LAB_DIALOGS, useQualityLabDialog } from './dialog-store';

/** The dialogs' code: fetched when the workspace is idle, or with the first click. */
const qualityLabCode = moduleLoader(() => import('./QualityLabDialogs'));

/**
 * The lab's list buttons 录入结果 (化验单, page:assayEnter) and 复检 (复检, page:assayRecheck)
 * open their dialog on the one chosen sample.
 */
registerPageActions('quality-lab', Object.fromEntries([
  ...QUALITY_LAB_DIALOGS.map((kind): [string, PageAction] => [kind, (ctx) => {
    if (ctx.selectedIds.length !== 1) return feedback.warning(i18n.t('qualityLab.oneRow'), 2);
    useQualityLabDialog.getState().show(kind, ctx);
  }]),
  /**
   * 打印样品卡 (化验单, page:sampleCard): the chosen sample's label, its blind code and QR code, as the
   * server prints it (a PDF the browser's viewer prints on the label printer).
   */
  ['sampleCard', (ctx) => {
    if (ctx.selectedIds.length !== 1) return feedback.warning(i18n.t('qualityLab.oneRow'), 2);
    return downloadFile(`/quality/sample/${encodeURIComponent(ctx.selectedIds[0] as string)}/card`, { fallbackName: 'sample-card.pdf' }).catch(() => undefined);
  }],
]));

/** Mounted once in the workspace, beside the other dialog hosts (it needs antd's App context). */
export function QualityLabDialogHost() {
  const open = useQualityLabDialog((s) => s.open);
  const close = useQualityLabDialog((s) => s.close);
  const code = useModule(qualityLabCode, open !== null, close);
  if (!open) return null;
  if (!code) return <ModuleLoading />;
  const { QualityLabDialogs } = code;
  return <QualityLabDialogs key={open.key} kind={open.kind} ctx={open.ctx} onClose={close} />;
}
