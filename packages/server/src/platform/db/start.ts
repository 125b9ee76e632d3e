import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';
import { openDatabase, type DatabaseHandle } from './pool';

export const DATABASE_NAME = 'weighbridge';

/** DATABASE_URL when given, else the embedded PostgreSQL under DATA_DIR/pg; then migrations. */
export async function startDatabase(config: Config, log: Logger): Promise<{ database: DatabaseHandle; stop: () => Promise<void> }> {
  let url = config.databaseUrl;
  let stop = async () => {};
  if (!url) {
    const port = Number(process.env.PG_PORT ?? 54320);
    log.info({ dir: path.join(config.dataDir, 'pg'), port }, 'starting embedded PostgreSQL');
    const server = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg'), port, persistent: true, log: (l) => log.debug(l) });
    await ensureDatabase(server.url('postgres'), DATABASE_NAME);
    url = server.url(DATABASE_NAME);
    stop = () => server.stop();
  }
  const database = openDatabase(url, Number(process.env.DB_POOL_SIZE ?? 10));
  const applied = await migrate(database.pool);
  if (applied.length) log.info({ applied }, 'migrations applied');
  return { database, stop };
}

export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}
