import path from 'node:path';
import { ensureDatabase } from './start';
import { migrate } from './migrate';
import { openDatabase } from './pool';
import { restoreDatabase } from './backup';

/**
 * npm run db:restore -- <backup folder> [database URL] [--replace]
 * Restores a backup (DATA_DIR/backups/wb-...) into the database at the URL (else DATABASE_URL):
 * the database is made if missing, migrated to this version, then loaded. A database that already
 * has users is refused unless --replace. Prints each table's rows.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const replace = args.includes('--replace');
  const [folder, urlArg] = args.filter((a) => !a.startsWith('--'));
  const url = urlArg ?? process.env.DATABASE_URL;
  if (!folder || !url) {
    console.error('usage: npm run db:restore -- <backup folder> [postgres://user:password@host:port/database] [--replace]');
    process.exit(2);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await ensureDatabase(admin.toString(), name);
  const database = openDatabase(url, 2);
  try {
    await migrate(database.pool);
    const manifest = await restoreDatabase(database.pool, path.resolve(folder), { replace });
    const total = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`restored ${manifest.tables.length} tables, ${total} rows, from the backup of ${manifest.createdAt} into ${name}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exit(1);
});
