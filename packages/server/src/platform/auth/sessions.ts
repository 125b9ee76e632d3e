import { sql } from 'kysely';
import type { TokenReply } from '@wb/protocol';
import type { Config } from '../../config';
import type { Database } from '../db/pool';
import { newToken, tokenHash } from './secrets';

interface Issued {
  userId: string;
  username: string;
  access: string;
  refresh: string;
}

function reply(config: Config, issued: Issued): TokenReply {
  return {
    access_token: issued.access,
    refresh_token: issued.refresh,
    token_type: 'bearer',
    expires_in: config.accessTtlSeconds,
    scope: 'server',
    user_id: issued.userId,
    username: issued.username,
  };
}

const expiry = (seconds: number) => new Date(Date.now() + seconds * 1000);

type SessionMeta = {
  clientId: string; ip: string; deviceId: string | null;
  /** the pro sign-in's company (membership checked by the caller): the session opens there and keeps it */
  fixedOrgId?: string;
};

/** Opens a session in the user's current organisation (or the first one they belong to). */
export async function openSession(db: Database, config: Config, user: { id: string; username: string }, meta: SessionMeta): Promise<TokenReply> {
  return (await openSessionInOrg(db, config, user, meta)).reply;
}

/**
 * openSession, also telling which organisation the session opened in: the sign-in is logged
 * there, not in a stale current organisation the user may have left.
 */
export async function openSessionInOrg(
  db: Database,
  config: Config,
  user: { id: string; username: string },
  meta: SessionMeta,
): Promise<{ reply: TokenReply; orgId: string | null }> {
  const access = newToken();
  const refresh = newToken();
  const row = await db
    .insertInto('auth_session')
    .values({
      user_id: user.id,
      // the pro sign-in's company; else the last chosen company if the user still belongs to it and
      // it is enabled, else the first such
      org_id: meta.fixedOrgId ?? sql<string>`(SELECT coalesce(
        (SELECT u.current_org_id FROM sys_user u JOIN sys_user_org m ON m.user_id = u.id AND m.org_id = u.current_org_id
           JOIN sys_org o ON o.id = m.org_id AND o.enabled WHERE u.id = ${user.id}),
        (SELECT min(m.org_id) FROM sys_user_org m JOIN sys_org o ON o.id = m.org_id AND o.enabled WHERE m.user_id = ${user.id})))`,
      client_id: meta.clientId,
      access_hash: tokenHash(access),
      access_expires_at: expiry(config.accessTtlSeconds),
      refresh_hash: tokenHash(refresh),
      refresh_expires_at: expiry(config.refreshTtlSeconds),
      ip: meta.ip,
      device_id: meta.deviceId,
      org_fixed: meta.fixedOrgId !== undefined,
    })
    .returning('org_id')
    .executeTakeFirstOrThrow();
  return { reply: reply(config, { userId: user.id, username: user.username, access, refresh }), orgId: row.org_id };
}

/**
 * Rotates both tokens of the session the refresh token belongs to. One UPDATE does the check and
 * the rotation, so of two refreshes racing with the same token only one succeeds.
 */
export async function refreshSession(db: Database, config: Config, refreshToken: string): Promise<TokenReply | null> {
  const access = newToken();
  const refresh = newToken();
  const row = await db
    .updateTable('auth_session as s')
    .from('sys_user as u')
    .set({
      access_hash: tokenHash(access),
      access_expires_at: expiry(config.accessTtlSeconds),
      refresh_hash: tokenHash(refresh),
      refresh_expires_at: expiry(config.refreshTtlSeconds),
      refreshed_at: new Date(),
    })
    .whereRef('u.id', '=', 's.user_id')
    .where('s.refresh_hash', '=', tokenHash(refreshToken))
    .where('s.revoked_at', 'is', null)
    .where('s.refresh_expires_at', '>', new Date())
    .where('u.enabled', '=', true)
    .returning(['u.id', 'u.username'])
    .executeTakeFirst();
  return row ? reply(config, { userId: row.id, username: row.username, access, refresh }) : null;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db.updateTable('auth_session').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Ends every session of a user, but the one named (the caller's own) if any. */
export async function revokeUserSessions(db: Database, userId: string, exceptSessionId?: string): Promise<void> {
  let q = db.updateTable('auth_session').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
