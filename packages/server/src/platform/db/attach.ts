import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import { openDatabase, type DatabaseHandle } from './pool';
import { DATABASE_NAME, startDatabase } from './start';
import { embeddedUrl } from './embedded';

/**
 * The platform's database for a command run beside the server (a check, a restore): DATABASE_URL
 * when given; else the embedded PostgreSQL the running server already started on PG_PORT; else
 * that PostgreSQL started for the command (and stopped after it).
 */
export async function attachDatabase(config: Config, log: Logger): Promise<{ database: DatabaseHandle; stop: () => Promise<void> }> {
  if (!config.databaseUrl) {
    const url = embeddedUrl(Number(process.env.PG_PORT ?? 54320), DATABASE_NAME);
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    const running = await probe.connect().then(() => true, () => false);
    await probe.end().catch(() => undefined);
    if (running) {
      const database = openDatabase(url, 2);
      return { database, stop: async () => {} };
    }
  }
  const started = await startDatabase(config, log);
  return started;
}
