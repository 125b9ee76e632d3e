import type { ScheduledJobDecl } from '../jobs/define';
import type { ConsistencyCheck } from './define';
import { breachCount, reportLines, runChecks } from './run';

/**
 * 数据一致性检查, nightly: every family's invariants (the checks are handed in, read when it runs,
 * since the list of modules declares this job). A breach fails the run, so 定时任务 shows it red with
 * the rows in its error; it is not tried again (the figures will not mend themselves).
 */
export function consistencyJob(checks: () => ConsistencyCheck[]): ScheduledJobDecl {
  return {
    key: 'consistency.check', name: '数据一致性检查', nameEn: 'Consistency check', cron: '0 30 2 * * *',
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    async run(ctx) {
      const results = await runChecks(ctx.db, checks());
      const lines = reportLines(results);
      const breaches = breachCount(results);
      if (breaches > 0) {
        for (const line of lines) ctx.log.warn(line);
        throw new Error(lines.join('\n'));
      }
      return { summary: `${results.length} 项检查全部一致` };
    },
  };
}
