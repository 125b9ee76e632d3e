import type { FastifyRequest } from 'fastify';
import { idSchema } from '@wb/protocol';
import { z } from 'zod';
import type { Database } from '../../../platform/db/pool';
import { writeLog } from '../../../platform/audit/log';

/** A set of ids chosen in a screen: each a number, none twice. */
export const idList = z.array(idSchema).max(5000, '最多5000项').refine((ids) => new Set(ids).size === ids.length, '不能重复');

/** Records an administration change in the operation log of the caller's company. */
export async function logAdmin(db: Database, request: FastifyRequest, action: string, detail: string): Promise<void> {
  const { caller } = request;
  await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action, detail, ip: request.ip });
}

/** A unique index refused the row: two saves raced past the friendly check. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
