import Decimal from 'decimal.js';
import { deductBody, gaugeBody, idParam, idsBody, modifyPriceBody, splitBody } from '@wb/protocol';
import { gaugeTicket } from './gauge/gauge';
import { defineAction, defineModule, type ActionDecl } from '../../platform/module/define';
import { BATCH_ACTIONS, deductTicket, runBatch, type Noted } from './actions';
import { TICKET_FAMILIES } from './family';
import { manualTicketApproval } from './approval';
import { firstWeighing } from './first';
import { TICKET_KINDS, ticketBase, ticketPermission, type TicketKind } from './kinds';
import { mergeTickets, splitTicket } from './merge-split';
import { WEIGH_LEAVES } from './menu';
import { modifyPrice, returnGoods } from './returns';
import { weighingRoutes } from './routes';
import { scaleBoardOf } from '../station/live';
import { TICKET_ACTION_WORDS } from './rules/transitions';
import { secondWeighing } from './second';
import { refusedWeighing, weighingInput, weighLogged, type WeighReading } from './weigh-log';
import { WEIGH_LOG_LIST_CODE, WEIGH_LOG_PERMISSION, weighLogListTemplate } from './weigh-log-list';

/**
 * Weigh tickets (过磅): the first and second weighing of a station or the operator's screen, the
 * ticket lists and manual tickets (the engine, after the manual ticket's figures are derived:
 * family.ts `prepare`), the ticket's own actions and its print. Quantities on notice lines move
 * through notice/quantity.ts. Every change writes one operation-log entry per ticket it changed
 * (log-notes.ts), family the kind's ticket word and docNo the ticket number.
 */
const may = (kind: TicketKind, action: string) => `${ticketPermission(kind)}_${action}`;

/**
 * A weighing: every call, taken, refused or replayed, leaves its weigh log row (weigh-log.ts), a
 * refused one after the rollback (`refused`). A weighing taken writes its operation-log entry in the
 * statement that writes its reading (repo.insertWeighing, updateTicketWithReading), so `log` adds
 * none and the weighing pays no extra round trip; a replay weighs nothing and logs nothing.
 */
function weighing(kind: TicketKind, reading: WeighReading): ActionDecl {
  const weigh = reading === 'FIRST' ? firstWeighing : secondWeighing;
  return defineAction({
    path: `${ticketBase(kind)}/${reading === 'FIRST' ? 'first' : 'second'}`, permission: may(kind, 'weigh'), body: weighingInput,
    run: ({ tx, who, input, app, now }) => weighLogged(tx, who, kind, reading, input.body, (t, body, call) => weigh(t, who, kind, body, call), scaleBoardOf(app), now()),
    log: () => [],
    message: (reply) => (reply.replay ? '该次过磅已记录' : reading === 'FIRST' ? '一次过磅成功' : '二次过磅成功'),
    refused: ({ db, who, input, raw, error }) => refusedWeighing(db, who, kind, reading, input?.body ?? null, raw, error),
  });
}

function ticketActions(kind: TicketKind): ActionDecl[] {
  const base = ticketBase(kind);
  // each use case answers its reply and its notes (actions.ts Noted)
  const noted = { log: (_: unknown, done: Noted<unknown>) => done.notes, reply: (done: Noted<unknown>) => done.reply };
  return [
    weighing(kind, 'FIRST'),
    weighing(kind, 'SECOND'),
    ...BATCH_ACTIONS.map((action) => defineAction({
      path: `${base}/${action}`, permission: may(kind, action), body: idsBody,
      run: ({ tx, who, input }) => runBatch(tx, who, kind, action, input.body.ids), ...noted, message: `${TICKET_ACTION_WORDS[action]}成功`,
    })),
    defineAction({
      path: `${base}/returnGoods/:id`, permission: may(kind, 'returnGoods'), params: idParam,
      run: ({ tx, who, input }) => returnGoods(tx, who, kind, input.params.id), ...noted, message: '退货成功',
    }),
    defineAction({
      path: `${base}/modifyPrice`, permission: may(kind, 'modifyPrice'), body: modifyPriceBody,
      run: ({ tx, who, input }) => modifyPrice(tx, who, kind, input.body.ids, new Decimal(input.body.price), input.body.reason), ...noted, message: '修改单价成功',
    }),
    defineAction({
      path: `${base}/merge`, permission: may(kind, 'merge'), body: idsBody,
      run: ({ tx, who, input }) => mergeTickets(tx, who, kind, input.body.ids), ...noted, message: '合并成功',
    }),
    defineAction({
      path: `${base}/split`, permission: may(kind, 'split'), body: splitBody,
      run: ({ tx, who, input }) => splitTicket(tx, who, kind, input.body.id, input.body.parts.map((p) => new Decimal(p))), ...noted, message: '拆分成功',
    }),
    defineAction({
      path: `${base}/deduct`, permission: may(kind, 'deduct'), body: deductBody,
      run: ({ tx, who, input }) => deductTicket(tx, who, kind, input.body), ...noted, message: '扣重成功',
    }),
    // 检尺: the measured load of a ticket of a material bought or sold by volume (gauge/gauge.ts)
    defineAction({
      path: `${base}/gauge`, permission: may(kind, 'gauge'), body: gaugeBody,
      run: ({ tx, who, input }) => gaugeTicket(tx, who, kind, input.body), ...noted, message: '检尺成功',
    }),
  ];
}

export const weighingModule = defineModule({
  key: 'weighing',
  depends: ['masterdata', 'notice', 'registry', 'price', 'money', 'licence', 'workflow'],
  // a manual ticket (手工单) under approval, per kind (approval.ts); station tickets are never gated
  approvals: TICKET_KINDS.map(manualTicketApproval),
  documents: Object.values(TICKET_FAMILIES),
  templates: [weighLogListTemplate],
  menu: [{ area: '/weigh', leaves: WEIGH_LEAVES }],
  // every weighing call, taken, refused or replayed (weigh-log.ts)
  lists: [{ url: '/api/weigh/log/v2/list', template: WEIGH_LOG_LIST_CODE, permission: WEIGH_LOG_PERMISSION }],
  actions: TICKET_KINDS.flatMap(ticketActions),
  routes: (app, { db }) => weighingRoutes(app, db),
});
