import type { FastifyInstance } from 'fastify';
import Decimal from 'decimal.js';
import { z } from 'zod';
import { deductBody, idsBody, modifyPriceBody, splitBody, idParam, type TicketMoneyParams } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { documentRoutes } from '../../platform/documents/routes';
import { ok } from '../../platform/http/envelope';
import { badRequest, badRequestWith, parse } from '../../platform/http/errors';
import type { ListOptions } from '../../platform/list/repo';
import { BATCH_ACTIONS, deductTicket, previewDeduct, runBatch, type BatchAction } from './actions';
import { TICKET_FAMILIES } from './family';
import { firstWeighing } from './first';
import { TICKET_KINDS, ticketBase, ticketPermission, type TicketKind } from './kinds';
import { prepareManualTicket } from './manual';
import { weighParams } from './repo';
import { ticketPrintRoutes } from './print/routes';
import { modifyPrice, returnGoods } from './returns';
import { mergeTickets, splitTicket } from './merge-split';
import { readDeduction, type Deduction } from './rules/net';
import { TICKET_ACTION_WORDS } from './rules/transitions';
import { secondWeighing } from './second';
import type { Who } from '../../platform/auth/who';
import { loggedWeighing } from './weigh-log';

/**
 * Weigh tickets over HTTP: the weighing calls of a scale station or the operator's screen
 * (protocol weighing.ts), the ticket lists and manual tickets on the document engine, and the
 * ticket's own actions. Each call parses, then runs one transaction that decides and writes; the
 * answer leaves only after the commit, so an acknowledged weighing is a stored one. Every weighing
 * call, taken, refused or replayed, leaves its row in the weigh log (weigh-log.ts).
 */
export function weighingRoutes(app: FastifyInstance, db: Database, list: ListOptions): void {
  for (const kind of TICKET_KINDS) {
    weighingCalls(app, db, kind);
    ticketActions(app, db, kind);
    ticketPrintRoutes(app, db, kind);
    // the engine's create and update get the manual ticket's derived figures first (manual.ts)
    app.register(async (scope) => {
      scope.addHook('preHandler', async (request) => {
        const url = request.routeOptions.url;
        if (url === `${ticketBase(kind)}/create`) await prepareManualTicket(db, request, 'create');
        if (url === `${ticketBase(kind)}/update`) await prepareManualTicket(db, request, 'update');
      });
      documentRoutes(scope, db, TICKET_FAMILIES[kind], list);
    });
  }
}

const who = (request: { caller: Who }): Pick<Who, 'orgId' | 'userId'> => ({ orgId: request.caller.orgId, userId: request.caller.userId });

function weighingCalls(app: FastifyInstance, db: Database, kind: TicketKind): void {
  const access = { permission: `${ticketPermission(kind)}_weigh` };
  app.post(`${ticketBase(kind)}/first`, { config: { access } }, async (request) => {
    const reply = await loggedWeighing(db, request.caller, kind, 'FIRST', request.body, (tx, body, call) => firstWeighing(tx, who(request), kind, body, call));
    return ok(reply, reply.replay ? '该次过磅已记录' : '一次过磅成功');
  });
  app.post(`${ticketBase(kind)}/second`, { config: { access } }, async (request) => {
    const reply = await loggedWeighing(db, request.caller, kind, 'SECOND', request.body, (tx, body, call) => secondWeighing(tx, who(request), kind, body, call));
    return ok(reply, reply.replay ? '该次过磅已记录' : '二次过磅成功');
  });
}

function ticketActions(app: FastifyInstance, db: Database, kind: TicketKind): void {
  const may = (action: string) => ({ config: { access: { permission: `${ticketPermission(kind)}_${action}` } } });
  for (const action of BATCH_ACTIONS) {
    app.post(`${ticketBase(kind)}/${action}`, may(action), async (request) => {
      const { ids } = parse(idsBody, request.body);
      const result = await db.transaction().execute((tx) => runBatch(tx, who(request), kind, action as BatchAction, ids));
      return ok(result, `${TICKET_ACTION_WORDS[action]}成功`);
    });
  }
  app.post(`${ticketBase(kind)}/returnGoods/:id`, may('returnGoods'), async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(await db.transaction().execute((tx) => returnGoods(tx, who(request), kind, id)), '退货成功');
  });
  app.post(`${ticketBase(kind)}/modifyPrice`, may('modifyPrice'), async (request) => {
    const { ids, price } = parse(modifyPriceBody, request.body);
    return ok(await db.transaction().execute((tx) => modifyPrice(tx, who(request), kind, ids, new Decimal(price))), '修改单价成功');
  });
  app.post(`${ticketBase(kind)}/merge`, may('merge'), async (request) => {
    const { ids } = parse(idsBody, request.body);
    return ok(await db.transaction().execute((tx) => mergeTickets(tx, who(request), kind, ids)), '合并成功');
  });
  app.post(`${ticketBase(kind)}/split`, may('split'), async (request) => {
    const { id, parts } = parse(splitBody, request.body);
    return ok(await db.transaction().execute((tx) => splitTicket(tx, who(request), kind, id, parts.map((p) => new Decimal(p)))), '拆分成功');
  });
  // the 扣重 dialog's figures before it saves: nothing written, so the demo plant answers it too
  app.post(`${ticketBase(kind)}/deduct/preview`, { config: { access: { permission: `${ticketPermission(kind)}_deduct`, demoAllowed: true } } }, async (request) => {
    const body = parse(deductBody, request.body);
    return ok(await previewDeduct(db, who(request), kind, body.id, readDeductions(body.deductions)));
  });
  // the decimals the 修改单价 dialog rounds its shown amount to (protocol ticketAmount), as modifyPrice does
  app.get(`${ticketBase(kind)}/moneyParams`, may('modifyPrice'), async (request) => {
    const { moneyPrecision, unitPricePrecision } = await weighParams(db, request.caller.orgId);
    return ok({ moneyPrecision, unitPricePrecision } satisfies TicketMoneyParams);
  });
  app.post(`${ticketBase(kind)}/deduct`, may('deduct'), async (request) => {
    const body = parse(deductBody, request.body);
    const deductions = readDeductions(body.deductions);
    const ticket = await db.transaction().execute((tx) => deductTicket(tx, who(request), kind, body.id, deductions));
    return ok(ticket, '扣重成功');
  });
}

function readDeductions(rows: { kind: Deduction['kind']; amount?: string | number | null; rate?: string | number | null }[]): Deduction[] {
  const kinds = new Set<string>();
  const problems: { field: string; message: string }[] = [];
  const out: Deduction[] = [];
  rows.forEach((r, i) => {
    if (kinds.has(r.kind)) problems.push({ field: `deductions.${i}.kind`, message: '每种扣重只能填一行' });
    kinds.add(r.kind);
    const d = readDeduction(r.kind, r);
    if ('error' in d) problems.push({ field: `deductions.${i}`, message: d.error });
    else out.push(d);
  });
  if (problems.length) throw badRequestWith(problems);
  if (out.length !== rows.length) throw badRequest('扣重有误', 'deductions');
  return out;
}
