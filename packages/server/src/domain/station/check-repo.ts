import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

const secrets = new WeakMap<Database, Promise<Buffer>>();

/**
 * The secret that signs check links: TICKET_CHECK_SECRET when set (32 characters at least), else
 * the one the database keeps (made once by whichever instance asks first), so every instance and
 * every restart signs alike.
 */
export function checkSecret(db: Database): Promise<Buffer> {
  const fromEnv = process.env.TICKET_CHECK_SECRET;
  if (fromEnv && fromEnv.length >= 32) return Promise.resolve(Buffer.from(fromEnv));
  let s = secrets.get(db);
  if (!s) {
    s = (async () => {
      await sql`INSERT INTO wb_check_secret (id, secret) VALUES (1, ${randomBytes(32)}) ON CONFLICT (id) DO NOTHING`.execute(db);
      const row = await db.selectFrom('wb_check_secret').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
      return row.secret;
    })();
    s.catch(() => secrets.delete(db));
    secrets.set(db, s);
  }
  return s;
}

/** The company and kind of a ticket, found by id alone: the check page has no session to scope by. */
export async function ticketOwner(db: Database, id: string) {
  return db.selectFrom('wb_ticket').select(['org_id', 'kind']).where('id', '=', id).executeTakeFirst();
}
