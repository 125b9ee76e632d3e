import type { FastifyInstance } from 'fastify';
import { idsBody } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { writeLog } from '../../platform/audit/log';
import { TICKET_KINDS, ticketBase, ticketPermission } from '../weighing/kinds';
import { cancelUpload, uploadTickets } from './ticket-upload';

/** Weigh tickets to the ERP: POST {base}/upload and {base}/cancelUpload with { ids }. */
export function erpRoutes(app: FastifyInstance, db: Database): void {
  for (const kind of TICKET_KINDS) {
    app.post(`${ticketBase(kind)}/upload`, { config: { access: { permission: `${ticketPermission(kind)}_upload` } } }, async (request) => {
      const { ids } = parse(idsBody, request.body);
      const { caller } = request;
      const count = await db.transaction().execute((tx) => uploadTickets(tx, caller, kind, ids));
      await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'erpUpload', detail: `${kind} ${count}`, ip: request.ip });
      return ok({ count }, '已加入上传队列');
    });
    app.post(`${ticketBase(kind)}/cancelUpload`, { config: { access: { permission: `${ticketPermission(kind)}_cancelUpload` } } }, async (request) => {
      const { ids } = parse(idsBody, request.body);
      const { caller } = request;
      const count = await db.transaction().execute((tx) => cancelUpload(tx, caller, kind, ids));
      await writeLog(db, { orgId: caller.orgId, userId: caller.userId, username: caller.username, action: 'erpCancelUpload', detail: `${kind} ${count}`, ip: request.ip });
      return ok({ count }, '已撤销上传');
    });
  }
}
