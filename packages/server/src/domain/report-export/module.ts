import { defineWorker } from '../../platform/jobs/define';
import { defineModule } from '../../platform/module/define';
import { exportRoutes } from './routes';
import { EXPORT_QUEUE, runExportJob, type ExportJobData } from './worker';

/**
 * 报表导出: any report of the report centre as an Excel file, streamed when small, a job of the
 * job library when large (its progress, cancel and download). The report's own permission decides
 * who may export it (the report loader), so the module declares no menu leaf of its own.
 */
export const reportExportModule = defineModule({
  key: 'report-export',
  depends: ['report'],
  routes: (app, ctx) => exportRoutes(app, ctx),
  workers: [defineWorker<ExportJobData>({
    queue: EXPORT_QUEUE,
    // a failed export is kept as failed for the browser to show; the user starts another
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    async handle(ctx, data) {
      // the module list names this module: read when the job runs, not when the list is built
      const { MODULES } = await import('../modules');
      await runExportJob(ctx, MODULES, data.exportId);
    },
  })],
});
