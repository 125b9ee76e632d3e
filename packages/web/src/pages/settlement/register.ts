import { downloadFile } from '@/platform/api/download';
import { feedback } from '@/platform/feedback';
import { showPdfPreview } from '@/platform/print/pdf-preview';
import { registerPageActions, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import { apiPath } from '@/platform/templates/api';

/**
 * The settlement lists' 打印 and 导出对账 buttons (server settlement/menu.ts: page:printSettlement,
 * page:settlementExcel): 打印 opens the one chosen settlement's statement in the print preview
 * (its PDF with 打印, 下载 and the Excel beside it); 导出对账 downloads the Excel.
 */
const one = (ctx: { selectedIds: string[] }) => {
  if (ctx.selectedIds.length === 1) return encodeURIComponent(ctx.selectedIds[0] as string);
  feedback.warning('请选择一张结算单', 2);
  return null;
};

const printSettlement = (ctx: PageActionContext) => {
  const id = one(ctx);
  if (id === null) return;
  const title = String((ctx.selectedRows[0] as Record<string, unknown> | undefined)?.settleNo ?? ctx.button.label ?? '');
  showPdfPreview({
    path: `${apiPath(ctx.base)}/statement/${id}`, title, fallbackName: 'settlement.pdf',
    excel: { path: `${apiPath(ctx.base)}/statement/${id}/xlsx`, fallbackName: 'settlement.xlsx' },
  });
};
const settlementExcel = (ctx: PageActionContext) => {
  const id = one(ctx);
  if (id === null) return;
  return downloadFile(`${apiPath(ctx.base)}/statement/${id}/xlsx`, { fallbackName: 'settlement.xlsx' }).catch(() => undefined);
};

registerPageActions('settlement', { printSettlement, settlementExcel });
