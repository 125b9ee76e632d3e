import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { entryOf, type ChangeNote, type LogEntry } from '../../platform/audit/log';
import type { RowScope } from '../../platform/auth/who';
import { AppError } from '../../platform/http/errors';
import * as repo from './repo';
import { INVALID_TOKEN, peekDriverToken, signDriverToken, tokenKey, verifyDriverToken, DRIVER_TOKEN_HOURS, type DriverClaims } from './token';

/**
 * Who a driver call is for: the link's claims, checked (form, the company's signature, expiry) and
 * counted against the per-link limit. A driver has no account: his changes are logged under the
 * plate and the link's digest, with no user.
 */
export interface Driver extends DriverClaims {
  key: string;
  groupId: string;
  ip: string;
}

export const DRIVER_TOKEN_HEADER = 'x-driver-token';

/** Calls per minute per link (all driver calls together); DRIVER_CALLS_PER_MINUTE overrides it. */
export const callsPerMinute = () => {
  const n = Number(process.env.DRIVER_CALLS_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : 120;
};

export const unauthorised = (message: string) => new AppError(401, message, 'token');

export async function driverOf(db: Database, request: FastifyRequest, opts: { queryToken?: boolean } = {}): Promise<Driver> {
  const header = request.headers[DRIVER_TOKEN_HEADER];
  let token = typeof header === 'string' ? header : '';
  if (!token && opts.queryToken) {
    const q = (request.query ?? {}) as Record<string, unknown>;
    token = typeof q.token === 'string' ? q.token : '';
  }
  if (!token) throw unauthorised('缺少司机链接，请向厂方获取');
  if (token.length > 1000) throw unauthorised(INVALID_TOKEN);
  const peeked = peekDriverToken(token);
  if (!peeked) throw unauthorised(INVALID_TOKEN);
  const secret = await repo.driverSecret(db, peeked.orgId);
  if (!secret) throw unauthorised(INVALID_TOKEN);
  const reading = verifyDriverToken(secret, token, Math.floor(Date.now() / 1000));
  if (!reading.ok) throw unauthorised(reading.message);
  const key = tokenKey(token);
  const { used, secondsLeft } = await repo.countCall(db, peeked.orgId, key);
  if (used > callsPerMinute()) {
    throw new AppError(429, '请求过于频繁，请稍后再试', undefined, { 'retry-after': String(Math.max(1, secondsLeft)) });
  }
  const { rows } = await sql<{ groupId: string }>`SELECT group_id::text AS "groupId" FROM sys_org WHERE id = ${peeked.orgId}::bigint`.execute(db);
  return { ...reading.claims, key, groupId: rows[0].groupId, ip: request.ip };
}

/** The driver as the document engine and the registry's use cases see him: the company, no user. */
export const driverScope = (d: Driver): RowScope & { username: string; ip: string } => ({
  orgId: d.orgId, groupId: d.groupId, userId: null as unknown as string, username: driverName(d), ip: d.ip,
});

export const driverName = (d: Pick<Driver, 'plate'>) => `司机 ${d.plate}`;

/** A log entry of the driver's own change: the plate as the actor, the link's digest in the detail. */
export function driverEntry(d: Driver, note: ChangeNote): LogEntry {
  const detail = `${note.detail ?? ''}（司机链接 ${d.key.slice(0, 8)}）`;
  return { ...entryOf({ orgId: d.orgId, userId: null as unknown as string, username: driverName(d), ip: d.ip }, { ...note, detail }), userId: null };
}

/** A new link for a registry of the company: signed with its key, good for DRIVER_TOKEN_HOURS. */
export async function mintDriverToken(db: Parameters<typeof repo.driverSecret>[0], c: { orgId: string; plate: string; registryId: string; hours?: number; nowSec?: number }): Promise<{ token: string; expiresAt: Date }> {
  const secret = await repo.driverSecret(db, c.orgId);
  if (!secret) throw new AppError(404, '公司不存在', 'orgId');
  const issuedSec = c.nowSec ?? Math.floor(Date.now() / 1000);
  const expiresSec = issuedSec + Math.round((c.hours ?? DRIVER_TOKEN_HOURS) * 3600);
  return { token: signDriverToken(secret, { orgId: c.orgId, plate: c.plate, registryId: c.registryId, issuedSec, expiresSec }), expiresAt: new Date(expiresSec * 1000) };
}

/** Where a link points: the driver's page on the public address (or the address the request came to). */
export function driverLink(request: FastifyRequest, token: string): string {
  const origin = process.env.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  return `${origin}/driver/#${token}`;
}
