import { defineAction, defineModule, type ActionDecl } from '../../platform/module/define';
import { freightSettlementApproval, freightSettlementGate } from './approval';
import { createForPeriod, createFromTickets } from './create';
import { FS_BASE, fsPermission } from './kinds';
import { FREIGHT_SETTLEMENT_LEAVES } from './menu';
import { deleteSettlements, examineSettlements, operate } from './operating';
import { reconcileRoutes } from '../settlement/reconcile';
import { freightSettlementRoutes } from './routes';
import { FS_LIST, FS_ROW_LIST, freightSettlementListTemplate, freightSettlementRowListTemplate } from './templates';
import { idsBody, newCreateBody, operatingBody, periodBody } from './wire';

/**
 * Freight settlement (运费结算): a carrier's tickets of one kind and period, each paid its freight
 * less the loss charge, less the carrier's fuel-card advances, on the settlements' lifecycle,
 * invoices and payments (domain/settlement's tables). README.md says what each call means.
 */
const actions: ActionDecl[] = [
  defineAction({
    path: `${FS_BASE}/newCreate`, permission: fsPermission('newCreate'), body: newCreateBody,
    run: async ({ tx, who, input }) => {
      if (input.body.id) await freightSettlementGate(tx, who, 'newCreate', [input.body.id]);
      return createFromTickets(tx, who, input.body);
    },
    log: (_, done) => done.note, reply: (done) => done.reply, message: '新建成功',
  }),
  defineAction({
    path: `${FS_BASE}/create`, permission: fsPermission('create'), body: periodBody,
    run: ({ tx, who, input }) => createForPeriod(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '生成成功',
  }),
  defineAction({
    path: `${FS_BASE}/deletes`, permission: fsPermission('deletes'), body: idsBody,
    run: async ({ tx, who, input }) => {
      await freightSettlementGate(tx, who, 'deletes', input.body.ids);
      return deleteSettlements(tx, who, input.body.ids);
    },
    log: (_, notes) => notes, reply: (notes) => ({ count: notes.length }), message: '删除成功',
  }),
  defineAction({
    path: `${FS_BASE}/audit`, permission: fsPermission('audit'), body: idsBody,
    run: async ({ tx, who, input }) => {
      // with a flow, the final approval examines it (approval.ts)
      await freightSettlementGate(tx, who, 'audit', input.body.ids);
      return examineSettlements(tx, who, input.body.ids);
    },
    log: (_, notes) => notes, reply: (notes) => ({ count: notes.length }), message: '审核成功',
  }),
  defineAction({
    path: `${FS_BASE}/Operating`, permission: fsPermission('Operating'), body: operatingBody,
    run: ({ tx, who, input }) => operate(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '操作成功',
  }),
];

export const freightSettlementModule = defineModule({
  key: 'freight-settlement',
  depends: ['weighing', 'freight', 'settlement', 'workflow'],
  approvals: [freightSettlementApproval],
  templates: [freightSettlementListTemplate, freightSettlementRowListTemplate],
  menu: [{ area: '/settlement', leaves: FREIGHT_SETTLEMENT_LEAVES }],
  lists: [
    { url: `${FS_BASE}/v2/list`, template: FS_LIST, permission: fsPermission('view') },
    { url: `${FS_BASE}/detailList`, template: FS_ROW_LIST, permission: fsPermission('detailList') },
  ],
  actions,
  routes: (app, { db }) => {
    freightSettlementRoutes(app, db);
    // reconciliation reads the goods and the freight settlements alike, so it sits after both
    reconcileRoutes(app, db);
  },
});
