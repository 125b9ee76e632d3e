import { sql } from 'kysely';
import { passwordProblems, type TokenReply } from '@wb/protocol';
import type { Config } from '../../config';
import type { Database } from '../db/pool';
import { AppError } from '../http/errors';
import { writeLog } from '../audit/log';
import type { OAuthClient } from './client';
import { consumeCaptcha } from './captcha';
import { dummyPasswordHash, verifyPassword } from './secrets';
import { openSessionInOrg } from './sessions';
import { assertNotThrottled, clearFailures, recordFailure } from './throttle';

export interface PasswordGrant {
  username: string;
  password: string;
  randomStr?: string;
  code?: string;
  /** the pro sign-in: the company its page names, in which the session opens and stays */
  org?: string;
}

/**
 * The password grant. Order matters: throttle first (a locked account learns nothing more), then
 * the captcha (428), then the password (426). The throttle check and the failure record share a
 * transaction under an advisory lock on the account, so parallel guesses cannot overrun the limit.
 */
export async function signInWithPassword(
  db: Database,
  config: Config,
  client: OAuthClient,
  grant: PasswordGrant,
  meta: { ip: string; deviceId: string | null },
): Promise<TokenReply> {
  const username = grant.username.trim();
  const outcome = await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`signin:${username.toLowerCase()}`}))`.execute(tx);
    await assertNotThrottled(tx, config, username, meta.ip);
    const captchaRefusal = client.captcha ? await consumeCaptcha(tx, grant.randomStr, grant.code) : null;
    if (captchaRefusal) return { failed: true as const, error: captchaRefusal };
    const user = await tx
      .selectFrom('sys_user')
      .select(['id', 'username', 'password_hash', 'enabled', 'real_name'])
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    const good = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), grant.password);
    if (!user || !good || !user.enabled) {
      await recordFailure(tx, username, meta.ip);
      return { failed: true as const, error: AppError.of('badCredentials', undefined, 'password') };
    }
    await clearFailures(tx, username);
    // the pro sign-in opens only in the company its page names, and only for one of its users
    if (grant.org !== undefined && !(await memberOfEnabledOrg(tx, user.id, grant.org))) {
      return { failed: true as const, error: new AppError(400, '您不属于该公司，请从普通登录页登录', 'org') };
    }
    // The safety check needs the clear password, which only sign-in sees.
    if (passwordProblems(grant.password, user.username).length > 0) {
      await tx.updateTable('sys_user').set({ password_unsafe: true }).where('id', '=', user.id).execute();
    }
    return { failed: false as const, user };
  });
  // A failure is committed before the 426 is thrown, so it counts towards the lock; a spent
  // captcha is committed before the 428, so it cannot be tried again.
  if (outcome.failed) throw outcome.error;
  const { user } = outcome;
  const { reply, orgId } = await openSessionInOrg(db, config, user, { clientId: client.id, ip: meta.ip, deviceId: meta.deviceId, fixedOrgId: grant.org });
  await writeLog(db, { orgId, userId: user.id, username: user.username, action: 'login', detail: grant.org === undefined ? client.id : `${client.id} pro`, ip: meta.ip });
  return reply;
}

const memberOfEnabledOrg = async (tx: Database, userId: string, orgId: string) => Boolean(await tx
  .selectFrom('sys_user_org as m')
  .innerJoin('sys_org as o', 'o.id', 'm.org_id')
  .select('o.id')
  .where('m.user_id', '=', userId)
  .where('m.org_id', '=', orgId)
  .where('o.enabled', '=', true)
  .executeTakeFirst());
