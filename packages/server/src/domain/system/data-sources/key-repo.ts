import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../../platform/db/pool';
import { keyFromEnv } from './secret-box';

const keys = new WeakMap<Database, Promise<Buffer>>();

/**
 * The key data source passwords are sealed with: DATA_SOURCE_SECRET when set (as TICKET_CHECK_SECRET
 * is read), else the one the database keeps, made once by whichever instance asks first, so every
 * instance and every restart opens what another sealed. Changing DATA_SOURCE_SECRET later means
 * typing the passwords again.
 */
export function dataSourceKey(db: Database): Promise<Buffer> {
  const fromEnv = keyFromEnv(process.env.DATA_SOURCE_SECRET);
  if (fromEnv) return Promise.resolve(fromEnv);
  let k = keys.get(db);
  if (!k) {
    k = (async () => {
      await sql`INSERT INTO sys_data_source_key (id, key) VALUES (1, ${randomBytes(32)}) ON CONFLICT (id) DO NOTHING`.execute(db);
      const row = await db.selectFrom('sys_data_source_key').select('key').where('id', '=', 1).executeTakeFirstOrThrow();
      return row.key;
    })();
    k.catch(() => keys.delete(db));
    keys.set(db, k);
  }
  return k;
}
