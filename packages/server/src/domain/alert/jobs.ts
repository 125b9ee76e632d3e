import type { PollerDecl, ScheduledJobDecl } from '../../platform/jobs/define';
import { alertNightlyJob } from './nightly';
import { scanPending } from './scan';

/** The poller of the per-weighing rules: the completed tickets waiting, scanned just after their commit. */
export const ALERT_SCAN_POLLER = 'alert.scan';
export const ALERT_SCAN_EVERY_MS = 1_000;

/**
 * What the 预警中心's module declares (domain/alert/module.ts: `pollers: ALERT_POLLERS, jobs: ALERT_JOBS`):
 * the scan poller on every instance running jobs, and the nightly review in 定时任务.
 */
export const ALERT_POLLERS: PollerDecl[] = [{
  key: ALERT_SCAN_POLLER, everyMs: ALERT_SCAN_EVERY_MS,
  run: async (ctx) => {
    await scanPending(ctx.db, { onError: (ticketId, error) => ctx.log.warn(`预警扫描 磅单 ${ticketId} 失败: ${error instanceof Error ? error.message : String(error)}`) });
  },
}];

export const ALERT_JOBS: ScheduledJobDecl[] = [alertNightlyJob];
