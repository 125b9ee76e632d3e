import path from 'node:path';
import type { ScheduledJobDecl } from '../jobs/define';
import { backupDatabase, pruneBackups } from './backup';

/** Where the nightly backups go. */
export const backupDir = (dataDir: string) => path.join(dataDir, 'backups');

/**
 * 数据库备份: every night a backup of the database into DATA_DIR/backups/wb-<time>
 * (platform/db/backup.ts), and those older than BACKUP_KEEP_DAYS removed. Restore:
 * `npm run db:restore -- <folder> <database URL>` (README).
 */
export const backupJob: ScheduledJobDecl = {
  key: 'db.backup', name: '数据库备份', nameEn: 'Database backup', cron: '0 2 * * *',
  retry: { limit: 1, delaySeconds: 600, backoff: false }, timeoutSeconds: 4 * 3600,
  async run(ctx) {
    const dir = backupDir(ctx.config.dataDir);
    const { folder, manifest } = await backupDatabase(ctx.database.pool, dir, new Date(ctx.now()));
    const removed = pruneBackups(dir, ctx.config.backupKeepDays, new Date(ctx.now()));
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    return { summary: `${path.basename(folder)}：${manifest.tables.length} 张表 ${rows} 行；清除过期备份 ${removed.length} 个` };
  },
};
