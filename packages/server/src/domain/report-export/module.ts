import { defineWorker } from '../../platform/jobs/define';
import { defineModule, type FamilyModule } from '../../platform/module/define';
import { failOrphanedExports } from './repo';
import { exportRoutes } from './routes';
import { EXPORT_QUEUE, runExportJob, type ExportJobData } from './worker';

/** The app's modules as mounted (a test app's extra modules included): where a job finds its report's dataset. */
let mounted: FamilyModule[] | undefined;

/**
 * 报表导出: any report of the report centre as an Excel file, streamed when small, a job of the
 * job library when large (its progress, cancel and download). The report's own permission decides
 * who may export it (the report loader), so the module declares no menu leaf of its own.
 */
export const reportExportModule = defineModule({
  key: 'report-export',
  depends: ['report'],
  routes: (app, ctx) => {
    mounted = ctx.modules;
    exportRoutes(app, ctx);
    // on start: the exports a stopped server left running whose job is gone or expired are failed
    app.addHook('onReady', async () => {
      const failed = await failOrphanedExports(ctx.db, EXPORT_QUEUE).catch((err: Error) => {
        app.log.warn(`report exports: the sweep of interrupted exports failed: ${err.message}`);
        return [];
      });
      if (failed.length) app.log.info(`report exports: ${failed.length} interrupted export(s) marked failed`);
    });
  },
  workers: [defineWorker<ExportJobData>({
    queue: EXPORT_QUEUE,
    // a failed export is kept as failed for the browser to show; the user starts another
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    async handle(ctx, data) {
      // the module list names this module: read when the job runs, not when the list is built
      const modules = mounted ?? (await import('../modules')).MODULES;
      await runExportJob(ctx, modules, data.exportId);
    },
  })],
});
