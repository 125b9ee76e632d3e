import { useMemo } from 'react';
import { PdfPreview } from '@/platform/print/PdfPreviewHost';
import type { PdfPreviewRequest } from '@/platform/print/pdf-preview';
import { planPrintPath } from './api';
import type { DialogProps } from './shared';

/**
 * 打印: the plan with its pound list as the server prints it (findPrint's PDF, fetched with the
 * session's token) in the print preview, with 打印, 下载 and the same document as Excel.
 */
export function PrintDialog({ ctx, onClose }: DialogProps) {
  const id = ctx.selectedIds[0] as string;
  const title = String((ctx.selectedRows[0] as Record<string, unknown> | undefined)?.planNo ?? '');
  const request = useMemo<PdfPreviewRequest>(() => ({
    path: planPrintPath(ctx.base, id), title, fallbackName: 'freight-plan.pdf',
    excel: { path: `${planPrintPath(ctx.base, id)}/xlsx`, fallbackName: 'freight-plan.xlsx' },
  }), [ctx.base, id, title]);
  return <PdfPreview request={request} onClose={onClose} />;
}
