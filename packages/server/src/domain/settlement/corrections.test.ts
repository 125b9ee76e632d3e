import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { plantOf, type Plant, type WeighedTicket } from '../weighing/test-support';
import { correctSettledTicket } from './corrections';
import { auditedPurchase, contractFor } from './test-support';

/**
 * A lab result reaching a settled ticket: the settlement holding it takes an adjustment row with
 * the difference, its totals stay the sums, the ticket and its row stay as they were.
 */
let ctx: TestContext;
let ac: string;
let plant: Plant;
let tickets: WeighedTicket[];
const PU = '/api/settlement/pu';
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

beforeAll(async () => {
  ctx = await createTestApp();
  const op = (await bearerFor(ctx.app, 'operator')).authorization;
  const adm = (await bearerFor(ctx.app, 'admin')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
  tickets = [await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm), await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm)];
  await contractFor(ctx.database.db, plant, tickets[1].lineId, 'OUR_NET', '13');
});

const correct = (ticketId: string, qualityDeduction: string, qualityPriceAdjust: string) =>
  ctx.database.db.transaction().execute((tx) => correctSettledTicket(tx, { orgId: plant.orgId, ticketId, qualityDeduction, qualityPriceAdjust, reason: '复检结果', userId: null }));

describe('correctSettledTicket', () => {
  it('adds the difference as a QUALITY adjustment row, keeps the totals the sums, never edits the ticket or its row', async () => {
    const s = expectOk(await call(ctx.app, 'POST', `${PU}/create`, ac, { entity: { vendorId: plant.vendorId, periodFrom: wire(new Date(Date.now() - 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)) } })).data as { id: string; settleNo: string };
    expectOk(await call(ctx.app, 'POST', `${PU}/confirmPounds/${s.id}`, ac, {}));
    const [a, b] = tickets;
    const ticketBefore = await ctx.database.db.selectFrom('wb_ticket').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    const rowBefore = await ctx.database.db.selectFrom('wb_settlement_row').selectAll().where('ticket_id', '=', b.id).executeTakeFirstOrThrow();
    expect(rowBefore).toMatchObject({ quantity: '25.0000', amount: '250.0000' });

    // 1 t deducted, the price 0.5 up: 24 x 10.5 = 252, 2 more than 250; tax at 13 %: 252 / 1.13 = 223.01 -> tax 28.99 (was 28.76)
    expect(await correct(b.id, '1', '0.5')).toEqual({ settlementNo: s.settleNo });
    let adjusts = await ctx.database.db.selectFrom('wb_settlement_adjust').selectAll().where('settlement_id', '=', s.id).orderBy('seq').execute();
    expect(adjusts).toHaveLength(1);
    expect(adjusts[0]).toMatchObject({ reason_kind: 'QUALITY', ticket_id: b.id, ticket_no: b.no, quantity: '-1.0000', amount: '2.0000', tax: '0.2300', amount_ex_tax: '1.7700' });
    expect(adjusts[0].reason).toContain('复检结果');
    let header = await ctx.database.db.selectFrom('wb_settlement').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(header).toMatchObject({ rows_amount: '500.0000', adjust_amount: '2.0000', total_amount: '502.0000', total_quantity: '49.0000' });

    // a second result of the same ticket: the difference against the row with the first correction
    await correct(b.id, '0.5', '0');
    adjusts = await ctx.database.db.selectFrom('wb_settlement_adjust').selectAll().where('settlement_id', '=', s.id).orderBy('seq').execute();
    expect(adjusts[1]).toMatchObject({ quantity: '0.5000', amount: '-7.0000' });
    header = await ctx.database.db.selectFrom('wb_settlement').selectAll().where('id', '=', s.id).executeTakeFirstOrThrow();
    // 24.5 x 10 = 245: the row's 250 and the corrections' 2 - 7
    expect(header).toMatchObject({ total_amount: '495.0000', total_quantity: '49.5000' });
    const sum = (xs: { amount: string }[]) => xs.reduce((acc, x) => acc.plus(x.amount), new Decimal(0));
    const rows = await ctx.database.db.selectFrom('wb_settlement_row').select('amount').where('settlement_id', '=', s.id).execute();
    expect(new Decimal(header.total_amount).eq(sum(rows).plus(sum(adjusts)))).toBe(true);

    // the same figures again: nothing to add
    await correct(b.id, '0.5', '0');
    expect(await ctx.database.db.selectFrom('wb_settlement_adjust').select('id').where('settlement_id', '=', s.id).execute()).toHaveLength(2);
    expect(await ctx.database.db.selectFrom('wb_ticket').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow()).toEqual(ticketBefore);
    expect(await ctx.database.db.selectFrom('wb_settlement_row').selectAll().where('ticket_id', '=', b.id).executeTakeFirstOrThrow()).toEqual(rowBefore);

    // a paid settlement owed more is owing again
    expectOk(await call(ctx.app, 'POST', `${PU}/examine/${s.id}`, ac));
    expectOk(await call(ctx.app, 'POST', `${PU}/payment/${s.id}`, ac, { paidOn: '2026-11-25', method: 'BANK', amount: '495' }));
    expect((await ctx.database.db.selectFrom('wb_settlement').select('state').where('id', '=', s.id).executeTakeFirstOrThrow()).state).toBe('PAID');
    await correct(a.id, '0', '0.1');
    expect(await ctx.database.db.selectFrom('wb_settlement').select(['state', 'total_amount']).where('id', '=', s.id).executeTakeFirstOrThrow()).toEqual({ state: 'EXAMINED', total_amount: '497.5000' });
  });

  it('refuses a ticket no settlement holds, and bad figures, naming the field', async () => {
    const free = await auditedPurchase(ctx.app, ctx.database.db, plant, (await bearerFor(ctx.app, 'operator')).authorization, (await bearerFor(ctx.app, 'admin')).authorization);
    await expect(correct(free.id, '1', '0')).rejects.toMatchObject({ status: 400, message: '该磅单未结算', field: 'ticketId' });
    await expect(correct(tickets[0].id, 'abc', '0')).rejects.toMatchObject({ status: 400, field: 'qualityDeduction' });
    await expect(correct(tickets[0].id, '-1', '0')).rejects.toMatchObject({ status: 400, field: 'qualityDeduction' });
    await expect(correct(tickets[0].id, '0', '1e20')).rejects.toMatchObject({ status: 400, field: 'qualityPriceAdjust' });
  });
});
