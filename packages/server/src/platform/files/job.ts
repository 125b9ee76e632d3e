import type { ScheduledJobDecl } from '../jobs/define';
import { sweepFiles } from './sweep';

/**
 * 文件清理: uploads no document points at, older than FILE_ORPHAN_GRACE_HOURS, and bytes with no
 * row (platform/files/sweep.ts). One sweep at a time across instances (its advisory lock).
 */
export const fileSweepJob: ScheduledJobDecl = {
  key: 'files.sweep', name: '文件清理', nameEn: 'File sweep', cron: '17 * * * *',
  async run(ctx) {
    const r = await sweepFiles(ctx.db, ctx.storage, {
      graceMs: ctx.config.storage.orphanGraceMs, now: ctx.now,
      onError: (err, key) => ctx.log.warn(`file sweep: ${key} could not be removed: ${(err as Error).message}`),
    });
    return { summary: r.skipped ? '另一实例正在清理' : `删除未引用文件 ${r.rows} 个，孤立文件 ${r.orphans} 个` };
  },
};
