import type { FastifyReply, FastifyRequest } from 'fastify';
// request.file() and isMultipart() come from @fastify/multipart's declarations
import type {} from '@fastify/multipart';
import { idParam } from '@wb/protocol';
import { ok } from '../../platform/http/envelope';
import { badRequest, parse } from '../../platform/http/errors';
import { defineAction, defineModule, type ActionDecl } from '../../platform/module/define';
import { documentApproval } from '../workflow/declare';
import { FREIGHT_CONTRACT_FAMILY, FREIGHT_PLAN_FAMILY, FREIGHT_PRICE_FAMILY } from './family';
import { importPlans } from './import';
import { PLAN_BASE, PLAN_MENU, planPermission } from './kinds';
import { FREIGHT_LEAVES } from './menu';
import { addRemittance, clearForCalculation, confirmFuelAdvance, confirmPounds, editPoundList, setStorage, setUrgent } from './plan-actions';
import { candidatesBody, fuelAdvanceBody, groupListBody, planIdBody, planIdsBody, poundListBody, remittanceBody, storageBody, urgentBody } from './plan-bodies';
import { planCandidates, planDetail, planGroups } from './plan-read';
import { planDocument, planFileName } from './print';
import { sendDocument } from '../../platform/print/document';
import { letterheadOf } from '../../platform/print/letterhead';
import { weighParams } from '../weighing/repo';

/**
 * Freight (运费): freight contracts, freight prices and freight plans on the document engine, and
 * the plans' own calls. What pays a trip is resolve.ts and rules.ts; the freight settlement reads
 * them and the fuel-card advances (advances.ts). README.md has the readings and the lock order.
 */
const actions: ActionDecl[] = [
  defineAction({
    path: `${PLAN_BASE}/poundListedit`, permission: planPermission('poundListedit'), body: poundListBody,
    run: ({ tx, who, input }) => editPoundList(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '保存成功',
  }),
  defineAction({
    path: `${PLAN_BASE}/confirmPounds`, permission: planPermission('confirmPounds'), body: planIdsBody,
    run: ({ tx, who, input }) => confirmPounds(tx, who, input.body.ids),
    log: (_, done) => done.notes, reply: (done) => done.reply, message: '确认成功',
  }),
  defineAction({
    path: `${PLAN_BASE}/clearForCal`, permission: planPermission('clearForCal'), body: planIdsBody,
    run: ({ tx, who, input }) => clearForCalculation(tx, who, input.body.ids),
    log: (_, done) => done.notes, reply: (done) => done.reply, message: '清除成功',
  }),
  defineAction({
    path: `${PLAN_BASE}/remittance`, permission: planPermission('remittance'), body: remittanceBody,
    run: ({ tx, who, input }) => addRemittance(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '汇款成功',
  }),
  defineAction({
    path: `${PLAN_BASE}/confirmOil/:id`, permission: planPermission('confirmOil'), params: idParam, body: fuelAdvanceBody,
    run: ({ tx, who, input }) => confirmFuelAdvance(tx, who, input.params.id, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '确认成功',
  }),
  defineAction({
    path: `${PLAN_BASE}/iurgent/:id`, permission: planPermission('iurgent'), params: idParam, body: urgentBody,
    run: ({ tx, who, input }) => setUrgent(tx, who, input.params.id, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '设置成功',
  }),
  defineAction({
    path: `${PLAN_BASE}/storage`, permission: planPermission('storage'), body: storageBody,
    run: ({ tx, who, input }) => setStorage(tx, who, input.body),
    log: (_, done) => done.note, reply: (done) => done.reply, message: '设置成功',
  }),
];

export const freightModule = defineModule({
  key: 'freight',
  depends: ['masterdata', 'weighing', 'workflow', 'region'],
  documents: [FREIGHT_CONTRACT_FAMILY, FREIGHT_PRICE_FAMILY, FREIGHT_PLAN_FAMILY],
  // a plan's price and terms audited by its approval flow when the company defines one
  approvals: [documentApproval(FREIGHT_PLAN_FAMILY, { nameEn: 'Freight plans', menuPath: PLAN_MENU, initiatePermission: planPermission('submitApproval') })],
  menu: [{ area: '/freight', leaves: FREIGHT_LEAVES }],
  actions,
  routes: (app, { db }) => {
    const read = (action: string) => ({ config: { access: { permission: planPermission(action), demoAllowed: true as const } } });
    app.post(`${PLAN_BASE}/detail`, read('view'), async (request) => {
      const { id } = parse(planIdBody, request.body ?? {});
      return ok(await planDetail(db, request.caller.orgId, id));
    });
    app.post(`${PLAN_BASE}/candidates`, read('poundListedit'), async (request) => {
      return ok(await planCandidates(db, request.caller.orgId, parse(candidatesBody, request.body ?? {})));
    });
    app.post(`${PLAN_BASE}/groupList`, read('view'), async (request) => {
      const filter = parse(groupListBody, request.body ?? {});
      return ok(await planGroups(db, request.caller.orgId, filter));
    });
    const print = (format: 'pdf' | 'xlsx') => async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = parse(idParam, request.params);
      const { orgId } = request.caller;
      const detail = await planDetail(db, orgId, id);
      return sendDocument(reply, planDocument(detail, await letterheadOf(db, orgId), await weighParams(db, orgId)), format, planFileName(detail));
    };
    app.get(`${PLAN_BASE}/findPrint/:id`, { config: { access: { permission: planPermission('findPrint') } } }, print('pdf'));
    app.get(`${PLAN_BASE}/findPrint/:id/xlsx`, { config: { access: { permission: planPermission('findPrint') } } }, print('xlsx'));
    // the import writes its one log entry in its transaction (import.ts)
    app.post(`${PLAN_BASE}/importExcel`, { config: { access: { permission: planPermission('importExcel') }, logged: 'self' as const } }, async (request) => {
      if (!request.isMultipart()) throw badRequest('请选择要导入的 Excel 文件', 'file');
      const file = await request.file();
      if (!file) throw badRequest('请选择要导入的 Excel 文件', 'file');
      const result = await importPlans(db, request.caller, await file.toBuffer());
      return ok(result, `成功导入 ${result.imported} 条运费计划`);
    });
  },
});
