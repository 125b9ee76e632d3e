import type { FastifyInstance } from 'fastify';
import { batchOpenBody, batchTestsBody, idParam, idsBody, ticketBatchBody, ticketSiloBody, type BatchOpenChoices, type SiloChoice } from '@wb/protocol';
import { batchProducts, siloChoices } from './repo';
import type { Noted } from '../weighing/actions';
import type { Database } from '../../platform/db/pool';
import { ok } from '../../platform/http/envelope';
import { parse } from '../../platform/http/errors';
import { defineAction, defineModule } from '../../platform/module/define';
import { batchDetail, closeBatches, openBatch, setBatchTests } from './batch-actions';
import { BATCH_PERMISSION } from './columns';
import { setBatchOfTicket, setSiloOfTicket } from './ticket-batch';
import { menuLeaf } from '../../platform/menu/define';
import { BATCH_QUALITY_PERMISSION, BATCH_QUALITY_REPORT, BATCH_QUALITY_ROLES, batchQualityDataset } from './report';

/** What a use case answers and logs. */
const noted = { log: (_: unknown, done: Noted<unknown>) => done.notes, reply: (done: Noted<unknown>) => done.reply };

/** The batch archive's detail: its tickets, what remains, its silo and test values (reads only). */
function batchRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/masterdata/batch/detail/:id', { config: { access: { permission: BATCH_PERMISSION.detail, demoAllowed: true } } }, async (request) => {
    const { id } = parse(idParam, request.params);
    return ok(await batchDetail(db, request.caller, id));
  });
  // the choices of 开仓 (silos and batch-managed products) and of a sales ticket's silo (批次号 dialog)
  app.get('/api/masterdata/batch/open/choices', { config: { access: { permission: BATCH_PERMISSION.open, demoAllowed: true } } }, async (request) => {
    const [silos, products] = await Promise.all([siloChoices(db, request.caller.orgId), batchProducts(db, request.caller.orgId)]);
    return ok({ silos, products } satisfies BatchOpenChoices);
  });
  app.get('/api/weigh/sa/silos', { config: { access: { permission: 'weigh_sa_batchNo', demoAllowed: true } } }, async (request) => {
    return ok(await siloChoices(db, request.caller.orgId) satisfies SiloChoice[]);
  });
}

/**
 * Batch numbers (批次号, 086): a sales ticket of a batch-managed product names the production batch
 * it was loaded from (weighing's call batchNo); the batch archive (gate/archives.ts, md_batch)
 * gains its silo (开仓), its test values, its close and its detail (tickets, remaining quantity).
 * The ticket's print and its public check show the batch (weighing/print).
 */
export const batchModule = defineModule({
  key: 'batch',
  depends: ['gate', 'weighing'],
  actions: [
    defineAction({
      path: '/api/weigh/sa/batchNo', permission: 'weigh_sa_batchNo', body: ticketBatchBody,
      run: ({ tx, who, input }) => setBatchOfTicket(tx, who, input.body), ...noted, message: '批次号已保存',
    }),
    defineAction({
      // the silo the truck is loaded at: its second weighing reads the silo's current batch (the same dialog, the same right)
      path: '/api/weigh/sa/silo', permission: 'weigh_sa_batchNo', body: ticketSiloBody,
      run: ({ tx, who, input }) => setSiloOfTicket(tx, who, input.body), ...noted, message: '装车筒仓已保存',
    }),
    defineAction({
      // the list's batch button 关闭批次 sends the chosen rows
      path: '/api/masterdata/batch/close', permission: BATCH_PERMISSION.close, body: idsBody,
      run: ({ tx, who, input }) => closeBatches(tx, who, input.body.ids), ...noted, message: '批次已关闭',
    }),
    defineAction({
      path: '/api/masterdata/batch/open', permission: BATCH_PERMISSION.open, body: batchOpenBody,
      run: ({ tx, who, input }) => openBatch(tx, who, input.body), ...noted, message: '开仓成功',
    }),
    defineAction({
      path: '/api/masterdata/batch/tests', permission: BATCH_PERMISSION.tests, body: batchTestsBody,
      run: ({ tx, who, input }) => setBatchTests(tx, who, input.body.id, input.body.values), ...noted, message: '检验值已保存',
    }),
  ],
  routes: (app, { db }) => batchRoutes(app, db),
  // 批次质量报告 of 报表中心 (report.ts): the batch's test values, its tickets and what remains
  datasets: [batchQualityDataset],
  reports: [BATCH_QUALITY_REPORT],
  menu: [{
    area: '/reportforms',
    leaves: [menuLeaf('批次质量报告', 'Batch quality report', '/reportforms/batchQuality', BATCH_QUALITY_ROLES, {
      component: 'reports/view',
      buttons: [{ name: '查看', en: 'View', permission: BATCH_QUALITY_PERMISSION, roles: BATCH_QUALITY_ROLES }],
    })],
  }],
});
