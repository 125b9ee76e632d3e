import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../db/pool';
import { AppError } from '../http/errors';

/**
 * Guessing protection: too many failed sign-ins for one account, or from one address, within the
 * window answer 429 until the oldest failure leaves the window.
 */
export async function assertNotThrottled(db: Database, config: Config, username: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - config.failureWindowSeconds * 1000);
  const row = await db
    .selectFrom('auth_failure')
    .select([
      sql<number>`count(*) FILTER (WHERE lower(username) = lower(${username}))::int`.as('byAccount'),
      sql<number>`count(*) FILTER (WHERE ip = ${ip})::int`.as('byIp'),
      sql<Date | null>`min(at) FILTER (WHERE lower(username) = lower(${username}) OR ip = ${ip})`.as('oldest'),
    ])
    .where('at', '>', since)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', username.toLowerCase()), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  if (row.byAccount >= config.maxFailuresPerAccount || row.byIp >= config.maxFailuresPerIp) {
    const waitMs = (row.oldest ? row.oldest.getTime() : Date.now()) + config.failureWindowSeconds * 1000 - Date.now();
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    throw AppError.of('tooFrequent', `登录失败次数过多，账号已临时锁定，请${minutes}分钟后再试`, 'username');
  }
}

export async function recordFailure(db: Database, username: string, ip: string): Promise<void> {
  await db.insertInto('auth_failure').values({ username: username.slice(0, 100), ip }).execute();
}

export async function clearFailures(db: Database, username: string): Promise<void> {
  await db.deleteFrom('auth_failure').where(sql`lower(username)`, '=', username.toLowerCase()).execute();
}
