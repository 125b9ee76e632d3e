import type { FastifyInstance } from 'fastify';
import { weighingBody } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { firstWeighing } from './first';
import { secondWeighing } from './second';
import { TICKET_KINDS, ticketBase, ticketPermission } from './kinds';

/**
 * The weighing calls of a scale station or the operator's weighing screen (protocol weighing.ts):
 * parse, then one transaction that decides and writes; the answer leaves only after the commit, so
 * an acknowledged weighing is a stored one.
 */
export function weighingRoutes(app: FastifyInstance, db: Database): void {
  for (const kind of TICKET_KINDS) {
    const access = { permission: `${ticketPermission(kind)}_weigh` };
    app.post(`${ticketBase(kind)}/first`, { config: { access } }, async (request) => {
      const body = parse(weighingBody, request.body ?? {});
      const who = { orgId: request.caller.orgId, userId: request.caller.userId };
      const reply = await db.transaction().execute((tx) => firstWeighing(tx, who, kind, body));
      return ok(reply, reply.replay ? '该次过磅已记录' : '一次过磅成功');
    });
    app.post(`${ticketBase(kind)}/second`, { config: { access } }, async (request) => {
      const body = parse(weighingBody, request.body ?? {});
      const who = { orgId: request.caller.orgId, userId: request.caller.userId };
      const reply = await db.transaction().execute((tx) => secondWeighing(tx, who, kind, body));
      return ok(reply, reply.replay ? '该次过磅已记录' : '二次过磅成功');
    });
  }
}
