import type { ScheduledJobDecl } from './define';
import { pruneRuns } from './repo';

/** 运行记录清理: the run history is kept JOB_HISTORY_DAYS days. */
export const pruneRunsJob: ScheduledJobDecl = {
  key: 'jobs.prune', name: '运行记录清理', nameEn: 'Run history cleanup', cron: '40 3 * * *',
  async run(ctx) {
    const n = await pruneRuns(ctx.db, ctx.config.jobHistoryDays, new Date(ctx.now()));
    return { summary: `删除 ${ctx.config.jobHistoryDays} 天前的运行记录 ${n} 条` };
  },
};
