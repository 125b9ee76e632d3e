import type { FastifyInstance } from 'fastify';
import { idParam } from '@wb/protocol';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';
import { AppError, parse } from '../../../platform/http/errors';
import * as repo from './repo';
import { clientLogBody, isChunkLoadFailure, pageQuery } from './rules';

/**
 * The admin log's calls as the existing client makes them: GET page and GET /{id} (administrators),
 * and POST logs, by which any signed-in page reports its own failure. The row written is itself the
 * record of that call: it changes no business data, so no operation-log entry is added beside it.
 */
export function adminLogRoutes(app: FastifyInstance, db: Database): void {
  const VIEW = { access: { permission: 'sys_admin_log_view' } };

  app.get('/api/admin/log/page', { config: VIEW }, async (request) => {
    const q = parse(pageQuery, request.query);
    return ok(await repo.clientLogPage(db, request.caller.orgId, q));
  });

  app.get('/api/admin/log/:id', { config: VIEW }, async (request) => {
    const { id } = parse(idParam, request.params);
    const row = await repo.clientLogById(db, request.caller.orgId, id);
    if (!row) throw AppError.of('notFound', '日志不存在', 'id');
    return ok(row);
  });

  app.post('/api/admin/log/logs', { config: { logged: 'self' } }, async (request) => {
    const entries = parse(clientLogBody, request.body).map((e) => ({ ...e, type: e.type !== 'chunk' && isChunkLoadFailure(e.message) ? 'chunk' : e.type }));
    const count = await repo.insertClientLogs(db, request.caller, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }, entries);
    return ok({ count }, '已记录');
  });
}
