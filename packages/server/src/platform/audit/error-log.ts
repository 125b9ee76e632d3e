import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/pool';

/** Longest stack and message kept: enough to find the line, never a whole payload echoed back. */
const MAX_STACK = 16_000;
const MAX_MESSAGE = 2_000;

/**
 * The system log (系统日志): a server error nobody expected, kept by request id with its stack,
 * written on the pool (its own transaction), so it stays when the request's own change rolled back.
 */
export async function recordServerError(db: Database, request: FastifyRequest, error: unknown): Promise<void> {
  const err = error instanceof Error ? error : new Error(String(error));
  // the caller is known only once the guard has let the request through
  const caller = (request as Partial<Pick<FastifyRequest, 'caller'>>).caller;
  await db.insertInto('sys_error_log').values({
    org_id: caller?.orgId ?? null,
    user_id: caller?.userId ?? null,
    username: caller?.username ?? null,
    request_id: String(request.id),
    method: request.method,
    url: request.url.slice(0, 1000),
    message: (err.message || err.name).slice(0, MAX_MESSAGE),
    stack: err.stack?.slice(0, MAX_STACK) ?? null,
    ip: request.ip,
  }).execute();
}
