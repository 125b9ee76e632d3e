import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, testPlate, weighPurchase, wireScale, type Plant, type WiredScale } from './test-support';

/**
 * Manual tickets (手工单) under approval (approval.ts): with an enabled flow for `ticket_manual_pu`,
 * a typed ticket is submitted from its list, refuses every change and the audit button while in
 * approval, is audited by its final approval (its log entry written), and is returned by a
 * rejection. A ticket weighed on a scale is never gated.
 */
let ctx: TestContext;
let plant: Plant;
let op: string;
let ac: string;
let admin: { authorization: string; userId: string };
let sm: { authorization: string; userId: string };
let scale: WiredScale;

const PU = '/api/weigh/pu';
const post = (url: string, body: unknown, auth = op) => call(ctx.app, 'POST', url, auth, body);
const ticket = (id: string) => ctx.database.db.selectFrom('wb_ticket').select(['state', 'audited_by', 'version', 'ticket_no']).where('id', '=', id).executeTakeFirstOrThrow();
const typed = async () => expectOk(await post(`${PU}/create`, { entity: { plateNumber: testPlate('M'), materialId: plant.materialId, gross: '40', tare: '15', price: '10' } })).data as { id: string; ticketNo: string; version: number };
const submit = async (id: string) => expectOk(await post('/api/workflow/initiate', { docType: 'ticket_manual_pu', docId: id })).data as { id: string };
const edit = async (id: string) => call(ctx.app, 'PUT', `${PU}/update`, op, { entity: { id, version: (await ticket(id)).version, tare: '16' } });
const auditLogs = (no: string) => ctx.database.db.selectFrom('sys_log').select('action').where('doc_no', '=', no).where('action', '=', 'audit').execute();

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  admin = await bearerFor(ctx.app, 'admin');
  sm = await bearerFor(ctx.app, 'sales_manager');
  plant = await plantOf(ctx.database.db);
  scale = await wireScale(ctx.app, admin.authorization, 'T1');
  // 或签: either the sales manager or the administrator decides
  expectOk(await post('/api/workflow/flow/save', {
    docType: 'ticket_manual_pu', name: '手工单审批', enabled: true,
    definition: { steps: [{ key: 'a', name: '主管审批', approvers: { kind: 'users', userIds: [sm.userId, admin.userId] }, mode: 'any', rejectTo: 'initiator' }] },
  }, admin.authorization));
});

describe('a manual ticket under approval', () => {
  it('is audited by its final approval only; while in approval it takes no change', async () => {
    const t = await typed();
    expectFailure(await post(`${PU}/audit`, { ids: [t.id] }), 400, /已启用审批流程「手工单审批」，请提交审批/);
    const inst = await submit(t.id);
    expectFailure(await post(`${PU}/audit`, { ids: [t.id] }), 400, new RegExp(`手工采购过磅单 ${t.ticketNo} 正在审批中.*不能审核`));
    expectFailure(await edit(t.id), 400, /正在审批中.*不能修改/);
    expectFailure(await post(`${PU}/deduct`, { id: t.id, deductions: [{ kind: 'water', amount: '1' }] }), 400, /正在审批中.*不能扣重/);
    expectFailure(await post(`${PU}/obsolete`, { ids: [t.id] }), 400, /正在审批中.*不能作废/);
    expectFailure(await post(`${PU}/modifyPrice`, { ids: [t.id], price: '12', reason: '改价' }, ac), 400, /正在审批中.*不能修改单价/);
    // printing changes nothing
    expectOk(await post(`${PU}/print`, { ids: [t.id] }));
    expectOk(await post(`/api/workflow/approve/${inst.id}`, {}, sm.authorization));
    expect(await ticket(t.id)).toMatchObject({ state: 'AUDITED', audited_by: sm.userId });
    expect(await auditLogs(t.ticketNo)).toHaveLength(1);
  });

  it('rejected: back as it was, edited and submitted again', async () => {
    const t = await typed();
    const inst = await submit(t.id);
    expectOk(await post(`/api/workflow/reject/${inst.id}`, { comment: '皮重有误' }, sm.authorization));
    expect((await ticket(t.id)).state).toBe('COMPLETED');
    expectOk(await edit(t.id));
    expectFailure(await post(`${PU}/audit`, { ids: [t.id] }), 400, /已启用审批流程/);
    await submit(t.id);
  });

  it('two approvers of its any-one step at once: one audit', async () => {
    const t = await typed();
    const inst = await submit(t.id);
    const answers = await Promise.all([sm.authorization, admin.authorization].map((auth) => post(`/api/workflow/approve/${inst.id}`, {}, auth)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await ticket(t.id)).state).toBe('AUDITED');
    expect(await auditLogs(t.ticketNo)).toHaveLength(1);
  });
});

describe('a ticket weighed on a scale', () => {
  it('is never gated: audited by the button, and cannot be submitted', async () => {
    const w = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'T1', maxLimit: '1000', gross: '40', tare: '15', scale });
    expectFailure(await post('/api/workflow/initiate', { docType: 'ticket_manual_pu', docId: w.id }), 400, /不是手工单/);
    expectOk(await post(`${PU}/audit`, { ids: [w.id] }));
    expect((await ticket(w.id)).state).toBe('AUDITED');
  });
});

describe('with no flow for its kind', () => {
  it('a manual sales ticket audits by the button as before', async () => {
    const t = expectOk(await post('/api/weigh/sa/create', { entity: { plateNumber: testPlate('S'), materialId: plant.materialId, gross: '40', tare: '15' } })).data as { id: string };
    expectOk(await post('/api/weigh/sa/audit', { ids: [t.id] }));
    expect((await ticket(t.id)).state).toBe('AUDITED');
  });
});
