import { defineModule } from '../../platform/module/define';
import { reportCentreRoutes } from './routes';

/**
 * 报表中心: reading any report, built-in or designed, the same way: its page (definition, the
 * dataset's filters and fields, the reader's column widths), its rows (paged, sorted, with group
 * subtotals and a totals row), the reader's widths and its print. Who may read a report is the
 * loader's decision (load.ts), so these calls name no permission key of their own.
 */
export const reportCentreModule = defineModule({
  key: 'report-centre',
  depends: ['weighing'],
  routes: (app, ctx) => reportCentreRoutes(app, ctx),
});
