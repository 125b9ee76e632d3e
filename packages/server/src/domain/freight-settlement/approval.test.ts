import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, type Plant } from '../weighing/test-support';
import { carrierOf, freightPrice, haulPurchase } from './test-support';

// A freight settlement under approval (approval.ts): with a flow, 审核 by the button refuses and the
// final approval examines it through its own lifecycle; while in approval it is not deleted nor
// filled again; a rejection leaves the draft as it was.
let ctx: TestContext;
let ac: string;
let sm: { authorization: string; userId: string };
let plant: Plant;
let carrier: string;
const FS = '/api/freightSettle';
const post = (path: string, payload: unknown = {}, auth = ac) => call(ctx.app, 'POST', path, auth, payload);
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const state = async (id: string) => (await ctx.database.db.selectFrom('wb_settlement').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

beforeAll(async () => {
  ctx = await createTestApp();
  const op = (await bearerFor(ctx.app, 'operator')).authorization;
  const adm = (await bearerFor(ctx.app, 'admin')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  sm = await bearerFor(ctx.app, 'sales_manager');
  plant = await plantOf(ctx.database.db);
  carrier = await carrierOf(ctx.database.db, plant, 0);
  await freightPrice(ctx.database.db, plant, carrier);
  for (let i = 0; i < 2; i += 1) await haulPurchase(ctx.app, ctx.database.db, plant, { op, adm }, { carrierId: carrier, shipped: '25' });
  expectOk(await post('/api/workflow/flow/save', {
    docType: 'settlement_freight', name: '运费审批', enabled: true,
    definition: { steps: [{ key: 'a', name: '经理审批', approvers: { kind: 'users', userIds: [sm.userId] }, mode: 'any', rejectTo: 'initiator' }] },
  }, adm));
});

async function draft(): Promise<{ id: string; settleNo: string }> {
  const period = { kind: 'pu', carrierId: carrier, periodFrom: wire(new Date(Date.now() - 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)) };
  const list = expectOk(await post(`${FS}/createList`, period)).data as { id: string }[];
  return expectOk(await post(`${FS}/newCreate`, { ...period, ticketIds: [list[0].id] })).data as { id: string; settleNo: string };
}

describe('a freight settlement under approval', () => {
  it('is examined by its final approval, not by the button; in approval it is not deleted', async () => {
    const s = await draft();
    expectFailure(await post(`${FS}/audit`, { ids: [s.id] }), 400, /已启用审批流程「运费审批」/);
    const inst = expectOk(await post('/api/workflow/initiate', { docType: 'settlement_freight', docId: s.id })).data as { id: string };
    expectFailure(await post(`${FS}/deletes`, { ids: [s.id] }), 400, /正在审批中/);
    expect(await state(s.id)).toBe('DRAFT');
    expectOk(await post(`/api/workflow/approve/${inst.id}`, {}, sm.authorization));
    expect(await state(s.id)).toBe('EXAMINED');
    const logged = await ctx.database.db.selectFrom('sys_log').select('action').where('doc_no', '=', s.settleNo).where('action', '=', 'examine').execute();
    expect(logged).toHaveLength(1);
  });

  it('rejected, stays a draft the accountant may delete', async () => {
    const s = await draft();
    const inst = expectOk(await post('/api/workflow/initiate', { docType: 'settlement_freight', docId: s.id })).data as { id: string };
    expectOk(await post(`/api/workflow/reject/${inst.id}`, { comment: '运价不对' }, sm.authorization));
    expect(await state(s.id)).toBe('DRAFT');
    expectOk(await post(`${FS}/deletes`, { ids: [s.id] }));
  });
});
