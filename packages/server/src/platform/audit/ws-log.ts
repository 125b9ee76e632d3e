import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@wb/protocol';
import type { Database } from '../db/pool';
import { fail } from '../http/envelope';
import { AppError } from '../http/errors';

/**
 * The web service log (Web服务日志): every push another system makes (the document engine's
 * datax calls), with its payload, its answer, who called and when. Runs the call, then writes the
 * row on the pool, on its own, so a refused push is kept as well as an accepted one.
 */
export async function withWebServiceLog<T>(db: Database, request: FastifyRequest, family: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  let status = 200;
  let answer: unknown;
  try {
    const result = await run();
    answer = result;
    return result;
  } catch (err) {
    status = err instanceof AppError ? err.status : 500;
    answer = err instanceof AppError ? fail(err.status, err.message, err.data ?? (err.field ? { field: err.field } : null)) : fail(500, ErrorCodes.internal.zh);
    throw err;
  } finally {
    const caller = request.caller;
    await db.insertInto('sys_ws_log').values({
      org_id: caller.orgId, user_id: caller.userId, username: caller.username, request_id: String(request.id),
      method: request.method, url: request.url.split('?')[0].slice(0, 500), family, status, success: status < 300,
      payload: JSON.stringify(request.body ?? null), answer: JSON.stringify(answer ?? null), ip: request.ip, duration_ms: Date.now() - started,
    }).execute().catch((err: unknown) => request.log.error({ err }, 'web service log not written'));
  }
}
