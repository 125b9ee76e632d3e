import { downloadFile } from '@/platform/api/download';
import { feedback } from '@/platform/feedback';
import { registerPageActions } from '@/platform/templates/buttons/page-actions';
import { apiPath } from '@/platform/templates/api';

/**
 * The settlement lists' 打印 and 导出对账 buttons (server settlement/menu.ts: page:printSettlement,
 * page:settlementExcel) download the one chosen settlement's statement as PDF or Excel.
 */
const statement = (format: 'pdf' | 'xlsx') => (ctx: { base: string; selectedIds: string[] }) => {
  if (ctx.selectedIds.length !== 1) return feedback.warning('请选择一张结算单', 2);
  const id = encodeURIComponent(ctx.selectedIds[0]);
  return downloadFile(`${apiPath(ctx.base)}/statement/${id}${format === 'xlsx' ? '/xlsx' : ''}`, { fallbackName: `settlement.${format}` }).catch(() => undefined);
};

registerPageActions('settlement', { printSettlement: statement('pdf'), settlementExcel: statement('xlsx') });
