import type { FastifyReply, FastifyRequest } from 'fastify';
import { idParam } from '@wb/protocol';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { sendDocument } from '../../platform/print/document';
import { letterheadOf } from '../../platform/print/letterhead';
import { weighParams } from '../weighing/repo';
import { defineAction, defineModule, type ActionDecl } from '../../platform/module/define';
import { adjustBody, confirmPoundsBody, invoiceBody, paymentBody, weightListsBody } from './bodies';
import { SETTLEMENT_FAMILIES } from './family';
import { settleBase, settlePermission, SETTLE_KINDS, SETTLE_KIND_LIST } from './kinds';
import { closeSettlement, deleteSettlement, examine, unexamine } from './lifecycle';
import { refuseUnderApproval } from '../workflow/gate';
import { settlementApproval, settlementDocType, SETTLEMENT_GATED } from './approval';
import { RECONCILE_LEAF, settlementLeaf } from './menu';
import { addAdjustment, addInvoice, addPayment } from './money';
import { confirmPounds } from './pounds';
import { fdById, settlementById, weightLists } from './reads';
import { statementDocument, statementFileName } from './statement';
import { settlementTotalsCheck } from './consistency-repo';

/**
 * Goods settlements (采购结算, 销售结算, 调拨结算): the settlement main (结算单) with one row per
 * ticket and its fd sub-settlements per delivery batch; the candidates (weightLists), the pound
 * list (confirmPounds, whose rows claim the tickets: wb_settlement_row), examine and un-examine,
 * delete, adjustment rows, invoices, payments, close, and the statement as PDF and Excel.
 * domain/weighing refuses a settled ticket's changes (rules/locks.ts); a quality result reaching a
 * settled ticket becomes an adjustment row (corrections.ts). README.md.
 */
const actions: ActionDecl[] = SETTLE_KIND_LIST.flatMap(({ kind }) => {
  const base = settleBase(kind);
  const may = (action: string) => settlePermission(kind, action);
  // a settlement in approval refuses these (approval.ts); its final approval examines it itself
  const gate = (tx: Parameters<typeof examine>[0], who: { orgId: string }, name: string, id: string) => {
    const g = SETTLEMENT_GATED[name];
    return g ? refuseUnderApproval(tx, who, settlementDocType(kind), SETTLE_KINDS[kind].label, g.action, [{ id, code: id }], g.word) : Promise.resolve();
  };
  const one = (name: string, run: typeof examine, message: string) => defineAction({
    path: `${base}/${name}/:id`, permission: may(name), params: idParam,
    run: async ({ tx, who, input }) => {
      await gate(tx, who, name, input.params.id);
      return run(tx, who, kind, input.params.id);
    },
    log: (_, done) => done.note, reply: (done) => done.reply, message,
  });
  return [
    defineAction({
      path: `${base}/confirmPounds/:id`, permission: may('confirmPounds'), params: idParam, body: confirmPoundsBody,
      run: async ({ tx, who, input }) => {
        await gate(tx, who, 'confirmPounds', input.params.id);
        return confirmPounds(tx, who, kind, input.params.id, input.body.ticketIds ?? null, input.body.wagonIds ?? null);
      },
      log: (_, done) => done.note, reply: (done) => done.reply, message: '确认磅单成功',
    }),
    one('examine', examine, '审核成功'),
    one('unexamine', unexamine, '反审核成功'),
    one('delete', deleteSettlement, '删除成功'),
    one('close', closeSettlement, '关闭成功'),
    defineAction({
      path: `${base}/adjust/:id`, permission: may('adjust'), params: idParam, body: adjustBody,
      run: async ({ tx, who, input }) => {
        await gate(tx, who, 'adjust', input.params.id);
        return addAdjustment(tx, who, kind, input.params.id, input.body);
      },
      log: (_, done) => done.note, reply: (done) => done.reply, message: '调整成功',
    }),
    defineAction({
      path: `${base}/invoice/:id`, permission: may('invoice'), params: idParam, body: invoiceBody,
      run: ({ tx, who, input }) => addInvoice(tx, who, kind, input.params.id, input.body),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '发票登记成功',
    }),
    defineAction({
      path: `${base}/payment/:id`, permission: may('payment'), params: idParam, body: paymentBody,
      run: ({ tx, who, input }) => addPayment(tx, who, kind, input.params.id, input.body),
      log: (_, done) => done.note, reply: (done) => done.reply, message: '付款登记成功',
    }),
  ];
});

export const settlementModule = defineModule({
  key: 'settlement',
  checks: [settlementTotalsCheck],
  depends: ['contract', 'money', 'notice', 'weighing', 'workflow'],
  documents: SETTLE_KIND_LIST.map(({ kind }) => SETTLEMENT_FAMILIES[kind]),
  // examined by its approval flow when the company defines one (approval.ts)
  approvals: SETTLE_KIND_LIST.map(({ kind }) => settlementApproval(kind)),
  menu: [{ area: '/settlement', leaves: [...SETTLE_KIND_LIST.map(({ kind }) => settlementLeaf(kind)), RECONCILE_LEAF] }],
  actions,
  routes: (app, { db }) => {
    for (const { kind } of SETTLE_KIND_LIST) {
      const base = settleBase(kind);
      const view = { config: { access: { permission: settlePermission(kind, 'view') } } };
      // a read sent by POST: the candidates of a settlement
      app.post(`${base}/weightLists`, { config: { access: { permission: settlePermission(kind, 'view'), demoAllowed: true as const } } }, async (request) => {
        const b = parse(weightListsBody, request.body ?? {});
        return ok(await weightLists(db, request.caller.orgId, kind, b.settlementId, b.limit ?? 20000));
      });
      app.get(`${base}/getId/:id`, view, async (request) => {
        const { id } = parse(idParam, request.params);
        return ok(await settlementById(db, request.caller.orgId, kind, id));
      });
      app.get(`${base}/fd/getId/:id`, view, async (request) => {
        const { id } = parse(idParam, request.params);
        return ok(await fdById(db, request.caller.orgId, kind, id));
      });
      // 结算单 as PDF (print) or Excel (export)
      const may = (action: string) => ({ config: { access: { permission: settlePermission(kind, action) } } });
      const statement = (format: 'pdf' | 'xlsx') => async (request: FastifyRequest, reply: FastifyReply) => {
        const { id } = parse(idParam, request.params);
        const { orgId } = request.caller;
        const s = await settlementById(db, orgId, kind, id);
        return sendDocument(reply, statementDocument(s, await letterheadOf(db, orgId), await weighParams(db, orgId)), format, statementFileName(s));
      };
      app.get(`${base}/statement/:id`, may('printSettlement'), statement('pdf'));
      app.get(`${base}/statement/:id/xlsx`, may('settlementExcel'), statement('xlsx'));
    }
  },
});
