import type { ScheduledJobDecl } from '../../platform/jobs/define';
import { sealAll } from './seal-repo';

/**
 * 过磅汇总封存: each company's days before the plant's today less two summed into the weighing
 * summary the reports read (seal-repo.ts), nightly after the plant's midnight, at each start, and
 * on demand (定时任务 → 立即执行). A run with nothing new to seal changes nothing.
 */
export const weighSealJob: ScheduledJobDecl = {
  key: 'report.weigh_seal', name: '过磅汇总封存', nameEn: 'Weighing summary sealing', cron: '0 20 0 * * *',
  atStart: true,
  timeoutSeconds: 3600,
  async run(ctx) {
    const results = await sealAll(ctx.database.pool, ctx.config.timeZone);
    const moved = results.filter((r) => r.through !== r.from || r.rebuilt);
    const rows = results.reduce((n, r) => n + r.rows, 0);
    return {
      summary: moved.length === 0
        ? '没有新的日期需要封存'
        : moved.map((r) => `公司 ${r.orgId}: 封存至 ${r.through}${r.rebuilt ? '（时区变更，重建）' : ''}`).join('；') + `；写入汇总 ${rows} 行`,
    };
  },
};
