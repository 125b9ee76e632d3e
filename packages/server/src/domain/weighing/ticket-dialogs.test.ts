import { beforeAll, describe, expect, it } from 'vitest';
import { ROW_ACTIONS_FIELD, ticketAmount } from '@wb/protocol';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { plantOf, type Plant, weighPurchase } from './test-support';

/** What the ticket list's 扣重, 修改单价 and 拆分 dialogs read besides the calls they save with. */
let ctx: TestContext;
let op: string;
let ac: string;
let plant: Plant;

const post = (path: string, payload: unknown, auth = op) => call(ctx.app, 'POST', `/api/weigh/${path}`, auth, payload);
const completedTicket = () => weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'D1', gross: '40', tare: '15', price: '10' });
const ticketRow = (id: string) =>
  ctx.database.db.selectFrom('wb_ticket').select(['net', 'deduct_total', 'amount']).where('id', '=', id).executeTakeFirstOrThrow();

async function rowActionsOf(ticketNo: string): Promise<Record<string, boolean>> {
  const list = expectOk(await post('pu/v2/list', { search: [{ key: 'ticketNo', op: 'eq', val: ticketNo }], limit: { pn: 1, ps: 10 } }, ac)).data;
  return list.list[0][ROW_ACTIONS_FIELD];
}

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
});

describe('the 扣重 preview', () => {
  it('answers the figures the deduct call then stores, and writes nothing', async () => {
    const t = await completedTicket();
    const deductions = [{ kind: 'water', rate: '1.5' }, { kind: 'impurity', amount: '0.3' }];
    const before = await ticketRow(t.id);
    const preview = expectOk(await post('pu/deduct/preview', { id: t.id, deductions })).data;
    // 25 x 1.5 % = 0.375, recorded to 2 decimals of a ton: 0.38
    expect(preview).toMatchObject({ gross: '40.0000', tare: '15.0000', deducted: '0.68', net: '24.32', amount: '243.2' });
    expect(preview.lines).toEqual([{ kind: 'water', weight: '0.38' }, { kind: 'impurity', weight: '0.3' }]);
    expect(await ticketRow(t.id)).toEqual(before);

    const saved = expectOk(await post('pu/deduct', { id: t.id, deductions })).data;
    expect(Number(saved.net)).toBe(Number(preview.net));
    expect(Number((await ticketRow(t.id)).amount)).toBe(Number(preview.amount));
  });

  it('refuses a net below zero and a ticket of another kind, as the deduct call does; the right is the deduct call’s', async () => {
    const t = await completedTicket();
    expectFailure(await post('pu/deduct/preview', { id: t.id, deductions: [{ kind: 'stone', amount: '30' }] }), 400, /^净重不能小于0/);
    expectFailure(await post('pu/deduct/preview', { id: t.id, deductions: [{ kind: 'water', amount: 1, rate: 1 }] }), 400, '扣水只能填扣重或扣率其中一项');
    expectFailure(await post('sa/deduct/preview', { id: t.id, deductions: [] }), 404);
    expectFailure(await post('pu/deduct/preview', { id: t.id, deductions: [] }, ac), 403);
  });

  it('has no net to show before the second weighing', async () => {
    const t = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'D2', gross: '40', tare: null });
    const preview = expectOk(await post('pu/deduct/preview', { id: t.id, deductions: [{ kind: 'water', amount: '0.1' }] })).data;
    expect(preview).toMatchObject({ gross: '40.0000', tare: null, net: null, lines: [] });
  });
});

describe('the 修改单价 dialog’s decimals', () => {
  it('are the company’s money and unit price precision, and round the shown amount as modifyPrice stores it', async () => {
    expect(expectOk(await call(ctx.app, 'GET', '/api/weigh/pu/moneyParams', ac)).data).toEqual({ moneyPrecision: 2, unitPricePrecision: 4 });
    await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'moneyPrecision', param_value: '1' }).execute();
    try {
      const params = expectOk(await call(ctx.app, 'GET', '/api/weigh/pu/moneyParams', ac)).data;
      expect(params).toEqual({ moneyPrecision: 1, unitPricePrecision: 4 });
      const t = await completedTicket();
      expectOk(await post('pu/modifyPrice', { ids: [t.id], price: '10.03', reason: '按合同调整' }, ac));
      // 25 x 10.03 = 250.75, kept to 1 decimal
      expect(Number((await ticketRow(t.id)).amount)).toBe(ticketAmount('25', '10.03', params.moneyPrecision).toNumber());
      expect(Number((await ticketRow(t.id)).amount)).toBe(250.8);
    } finally {
      await ctx.database.db.deleteFrom('sys_param').where('org_id', '=', plant.orgId).where('param_key', '=', 'moneyPrecision').execute();
    }
    expectFailure(await call(ctx.app, 'GET', '/api/weigh/pu/moneyParams', op), 403);
  });
});

describe('the list offers the dialogs where the ticket’s lifecycle allows them', () => {
  it('扣重, 修改单价 and 拆分 on a completed ticket; only 修改单价 once audited; none once posted', async () => {
    const t = await completedTicket();
    expect(await rowActionsOf(t.no)).toMatchObject({ deductTicket: true, modifyTicketPrice: true, splitTicket: true });
    expectOk(await post('pu/audit', { ids: [t.id] }, ac));
    expect(await rowActionsOf(t.no)).toMatchObject({ deductTicket: false, modifyTicketPrice: true, splitTicket: false });
    expectFailure(await post('pu/split', { id: t.id, parts: ['20', '5'] }, ac), 400, `磅单 ${t.no} 已审核，不能拆分，请先反审核`);
    expectOk(await post('pu/down', { ids: [t.id] }, ac));
    expect(await rowActionsOf(t.no)).toMatchObject({ deductTicket: false, modifyTicketPrice: false, splitTicket: false });
  });

  it('puts the three buttons on each ticket list for the roles that hold their rights', async () => {
    const buttons = await ctx.database.db.selectFrom('sys_menu').select(['component', 'permission']).where('permission', 'in', ['weigh_pu_deduct', 'weigh_pu_modifyPrice', 'weigh_pu_split']).orderBy('permission').execute();
    expect(buttons).toEqual([
      { component: 'page:deductTicket', permission: 'weigh_pu_deduct' },
      { component: 'page:modifyTicketPrice', permission: 'weigh_pu_modifyPrice' },
      { component: 'page:splitTicket', permission: 'weigh_pu_split' },
    ]);
  });
});
