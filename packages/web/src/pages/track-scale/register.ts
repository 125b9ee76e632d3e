import i18n from 'i18next';
import { isEnglish } from '@/i18n';
import { feedback } from '@/platform/feedback';
import { showPdfPreview } from '@/platform/print/pdf-preview';
import { registerPageActions } from '@/platform/templates/buttons/page-actions';
import { registerChildSummary } from '@/platform/templates/form/child-summaries';
import { TrainTotalsLine } from './TrainTotalsLine';

/**
 * The track scale lists' 打印 button (server domain/track/menu.ts: page:trainPrint): the one chosen
 * train's ticket with its wagons and totals as the server prints it (print/{id}, PDF, and the same
 * as Excel), in the workspace's print preview.
 */
const words = () => (isEnglish(i18n.language)
  ? { oneRow: 'Select one train', title: 'Train ticket' }
  : { oneRow: '请选择一个车次', title: '轨道衡磅单' });

export const trainPrintPath = (base: string, id: string) => `${base.replace(/^\/api(?=\/)/, '')}/print/${encodeURIComponent(id)}`;

registerPageActions('track-scale', {
  trainPrint: (ctx) => {
    if (ctx.selectedIds.length !== 1) return feedback.warning(words().oneRow, 2);
    const id = ctx.selectedIds[0] as string;
    const trainNo = String((ctx.selectedRows[0] as Record<string, unknown> | undefined)?.trainNo ?? '');
    showPdfPreview({
      path: trainPrintPath(ctx.base, id), title: `${words().title} ${trainNo}`.trim(), fallbackName: 'train.pdf',
      excel: { path: `${trainPrintPath(ctx.base, id)}/xlsx`, fallbackName: 'train.xlsx' },
    });
  },
});

// the train form's live totals line under its wagon grid (both kinds: /track/pu, /track/sa)
registerChildSummary((base) => /\/track\/(pu|sa)$/.test(base), TrainTotalsLine);
