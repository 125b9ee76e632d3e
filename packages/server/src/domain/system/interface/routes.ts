import type { FastifyInstance } from 'fastify';
import { idsBody } from '@wb/protocol';
import type { Database } from '../../../platform/db/pool';
import { documentRoutes } from '../../../platform/documents/routes';
import { ok } from '../../../platform/http/envelope';
import { parse } from '../../../platform/http/errors';
import type { ListOptions } from '../../../platform/list/repo';
import { templateListRoute } from '../../../platform/list/route';
import { resend } from '../../../platform/outbox/repo';
import { writeLog } from '../../../platform/audit/log';
import { interfaceFamily } from './family';
import { OUTBOX_LIST_CODE } from './outbox-list';

/** ERP interface configuration and the outbox's event history with resend. */
export function interfaceRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  documentRoutes(app, db, interfaceFamily, list);
  templateListRoute(app, db, { url: '/api/system/outbox/v2/list', formatCode: OUTBOX_LIST_CODE, access: { permission: 'sys_outbox_view' } }, list);

  app.post('/api/system/outbox/resend', { config: { access: { permission: 'sys_outbox_resend' } } }, async (request) => {
    const { ids } = parse(idsBody, request.body);
    const { caller } = request;
    const count = await resend(db, caller.orgId, ids);
    await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'outboxResend', detail: `${count}/${ids.length}`, ip: request.ip });
    return ok({ count }, count === ids.length ? '已重新排队发送' : `已重新排队 ${count} 条；其余已在等待发送`);
  });
}
