import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { pageTexts } from '../weighing/print/pdf-text.test-support';
import { plantOf, type Plant, type WeighedTicket } from '../weighing/test-support';
import { weighSale } from '../calculation/test-support';
import { applyQuality, applySiteDeduction, auditedPurchase, contractFor } from './test-support';

/**
 * Purchase settlement through the real calls: tickets weighed and audited, a settlement of the
 * vendor's period, its pound list confirmed (the tickets claimed), its rows by the contract's basis
 * less the quality deduction, examined, invoiced, paid in two parts and closed; a settled ticket
 * refuses every change naming the settlement; un-examining and deleting free the tickets.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let adm: string;
let plant: Plant;
const PU = '/api/settlement/pu';
const post = (path: string, payload: unknown = {}, auth = ac) => call(ctx.app, 'POST', path, auth, payload);
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const hour = 3_600_000;
let period: { periodFrom: string; periodTo: string };

const logsOf = (docNo: string) => ctx.database.db.selectFrom('sys_log').select(['action', 'family', 'detail']).where('doc_no', '=', docNo).orderBy('id').execute();
/** The ticket with the goods settlement holding it (its row's claim, migration 053). */
const ticketRow = (id: string) => ctx.database.db.selectFrom('wb_ticket as t').selectAll('t')
  .select((eb) => [
    eb.selectFrom('wb_settlement_row as r').select('r.settlement_id').where('r.scope', '=', 'GOODS').whereRef('r.ticket_id', '=', 't.id').as('settled_by_id'),
    eb.selectFrom('wb_settlement_row as r').innerJoin('wb_settlement as s', 's.id', 'r.settlement_id').select('s.settle_no').where('r.scope', '=', 'GOODS').whereRef('r.ticket_id', '=', 't.id').as('settled_by_no'),
  ]).where('t.id', '=', id).executeTakeFirstOrThrow();
const header = (id: string) => ctx.database.db.selectFrom('wb_settlement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function createSettlement(entity: Record<string, unknown> = {}): Promise<{ id: string; settleNo: string }> {
  const data = expectOk(await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, ...period, ...entity } })).data as { id: string; settleNo: string };
  return { id: String(data.id), settleNo: data.settleNo };
}

/** The header's totals against the sums of its rows and adjustment rows, to the last decimal. */
async function expectTotalsAreSums(id: string): Promise<void> {
  const s = await header(id);
  const rows = await ctx.database.db.selectFrom('wb_settlement_row').selectAll().where('settlement_id', '=', id).execute();
  const adjusts = await ctx.database.db.selectFrom('wb_settlement_adjust').selectAll().where('settlement_id', '=', id).execute();
  const sum = (xs: { [k: string]: unknown }[], k: string) => xs.reduce((acc, x) => acc.plus(String(x[k])), new Decimal(0));
  expect(new Decimal(s.rows_amount).eq(sum(rows, 'amount'))).toBe(true);
  expect(new Decimal(s.rows_tax).eq(sum(rows, 'tax'))).toBe(true);
  expect(new Decimal(s.rows_amount_ex_tax).eq(sum(rows, 'amount_ex_tax'))).toBe(true);
  expect(new Decimal(s.total_amount).eq(sum(rows, 'amount').plus(sum(adjusts, 'amount')))).toBe(true);
  expect(new Decimal(s.total_tax).eq(sum(rows, 'tax').plus(sum(adjusts, 'tax')))).toBe(true);
  expect(new Decimal(s.total_quantity).eq(sum(rows, 'quantity').plus(sum(adjusts, 'quantity')))).toBe(true);
  for (const r of rows) expect(new Decimal(r.amount).eq(new Decimal(r.tax).plus(r.amount_ex_tax))).toBe(true);
  expect(s.ticket_count).toBe(rows.length);
}

let tickets: WeighedTicket[];

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(ctx.database.db);
  tickets = [];
  for (let i = 0; i < 4; i++) tickets.push(await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm, { price: i === 3 ? '7.3333' : '10' }));
  period = { periodFrom: wire(new Date(Date.now() - 24 * hour)), periodTo: wire(new Date(Date.now() + 24 * hour)) };
});

describe('confirmPounds and the rows', () => {
  it('lists the candidates, claims the chosen tickets and computes each row by the contract\'s basis less the quality deduction', async () => {
    const [a, b, c] = tickets;
    // a: no contract, our net 25 less a quality deduction of 1, price 10 + 0.5; b: a contract settling the shipped 30 at 13 % tax
    await applyQuality(ctx.database.db, a.id, '1', '0.5');
    await contractFor(ctx.database.db, plant, b.lineId, 'SHIPPED', '13');
    const s = await createSettlement();
    expect(s.settleNo).toMatch(/^CGJS\d{12}$/);
    const listed = expectOk(await post(`${PU}/weightLists`, { settlementId: s.id })).data as { rows: { id: string }[] };
    expect(listed.rows.map((r) => r.id)).toEqual(tickets.map((t) => t.id));

    const done = expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: [a.id, b.id, c.id] })).data as { ticketCount: number; fdCount: number; totals: Record<string, string> };
    expect(done).toMatchObject({ ticketCount: 3, fdCount: 3 });
    for (const t of [a, b, c]) expect(await ticketRow(t.id)).toMatchObject({ settled_by_id: s.id, settled_by_no: s.settleNo });
    expect((await ticketRow(tickets[3].id)).settled_by_id).toBeNull();

    const got = expectOk(await call(ctx.app, 'GET', `${PU}/getId/${s.id}`, ac)).data as { rows: Record<string, string>[]; fds: unknown[] };
    const byTicket = new Map(got.rows.map((r) => [r.ticketId, r]));
    expect(byTicket.get(a.id)).toMatchObject({ basis: 'OUR_NET', net: '24', grossNet: '25', basisQuantity: '25', qualityDeduction: '1', quantity: '24', unitPrice: '10.5', amount: '252', taxRate: '0', tax: '0', amountExTax: '252', unitPriceExTax: '10.5' });
    // 30 x 10 = 300 with 13 % tax in it: 300 / 1.13 = 265.49, tax 34.51
    expect(byTicket.get(b.id)).toMatchObject({ basis: 'SHIPPED', shipped: '30', quantity: '30', amount: '300', taxRate: '13', amountExTax: '265.49', tax: '34.51', unitPriceExTax: '8.8497' });
    expect(byTicket.get(c.id)).toMatchObject({ basis: 'OUR_NET', quantity: '25', amount: '250' });
    expect(got.fds).toHaveLength(3);
    expect(done.totals).toMatchObject({ ticketCount: 3, totalQuantity: '79', rowsAmount: '802', rowsTax: '34.51', totalAmount: '802' });
    await expectTotalsAreSums(s.id);

    // a new pound list replaces the old one: c goes free, d is claimed
    expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: [a.id, b.id, tickets[3].id] }));
    expect((await ticketRow(c.id)).settled_by_id).toBeNull();
    expect((await ticketRow(tickets[3].id)).settled_by_no).toBe(s.settleNo);
    // 25 x 7.3333 = 183.3325 -> 183.33 at the money decimals
    const d = (expectOk(await call(ctx.app, 'GET', `${PU}/getId/${s.id}`, ac)).data as { rows: Record<string, string>[] }).rows.find((r) => r.ticketId === tickets[3].id);
    expect(d).toMatchObject({ amount: '183.33', unitPriceExTax: '7.3332' });
    await expectTotalsAreSums(s.id);
    // the candidates leave out what a settlement holds
    const other = await createSettlement();
    const left = expectOk(await post(`${PU}/weightLists`, { settlementId: other.id })).data as { rows: { id: string }[] };
    expect(left.rows.map((r) => r.id)).toEqual([c.id]);
    expect((await logsOf(s.settleNo)).map((l) => l.action)).toEqual(['create', 'confirmPounds', 'confirmPounds']);
    expectOk(await post(`${PU}/delete/${s.id}`));
    expectOk(await post(`${PU}/delete/${other.id}`));
    for (const t of tickets) expect((await ticketRow(t.id)).settled_by_id).toBeNull();
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const s = await createSettlement();
    const before = await header(s.id);
    const bad = expectFailure(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: ['abc'] }), 400);
    expect(JSON.stringify(bad)).toContain('ticketIds');
    expectFailure(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: ['999999999'] }), 400, '磅单不存在: 999999999');
    expectFailure(await post(`${PU}/confirmPounds/abc`, {}), 400);
    expectFailure(await post(`${PU}/confirmPounds/999999999`, {}), 404);
    const adjust = expectFailure(await post(`${PU}/adjust/${s.id}`, { reasonKind: 'ROUNDING', reason: '抹零', amount: '1e15' }), 400);
    expect(JSON.stringify(adjust)).toContain('amount');
    expect(JSON.stringify(expectFailure(await post(`${PU}/adjust/${s.id}`, { reasonKind: 'GIFT', reason: '抹零', amount: '1' }), 400))).toContain('reasonKind');
    expect(JSON.stringify(expectFailure(await post(`${PU}/payment/${s.id}`, { paidOn: '2026-13', method: 'BANK', amount: '1' }), 400))).toContain('paidOn');
    expectFailure(await post(`${PU}/examine/${s.id}`), 400, `采购结算 ${s.settleNo} 没有磅单，请先确认磅单`);
    // deleting frees tickets: it is delete/{id}; the engine's delList is nobody's to press
    expectFailure(await call(ctx.app, 'DELETE', `${PU}/delList`, adm, { ids: [s.id] }), 403);
    expectFailure(await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, periodFrom: period.periodTo, periodTo: period.periodFrom } }), 400, '结束时间必须晚于开始时间');
    expect(await header(s.id)).toEqual(before);
    for (const t of tickets) expect((await ticketRow(t.id)).settled_by_id).toBeNull();
    expect((await logsOf(s.settleNo)).map((l) => l.action)).toEqual(['create']);
    expectOk(await post(`${PU}/delete/${s.id}`));
  });
});

describe('the lifecycle', () => {
  it('examines, invoices, takes two payments to paid, closes; each action one log entry', async () => {
    const s = await createSettlement();
    expectOk(await post(`${PU}/confirmPounds/${s.id}`, {}));
    expect((await header(s.id)).ticket_count).toBe(4);
    expectOk(await post(`${PU}/adjust/${s.id}`, { reasonKind: 'ROUNDING', reason: '抹零', amount: '-0.33' }));
    const total = (await header(s.id)).total_amount;
    await expectTotalsAreSums(s.id);
    expectFailure(await post(`${PU}/payment/${s.id}`, { paidOn: '2026-11-25', method: 'BANK', amount: '1' }), 400, `采购结算 ${s.settleNo} 草稿，请先审核`);
    expectOk(await post(`${PU}/examine/${s.id}`));
    expectFailure(await post(`${PU}/confirmPounds/${s.id}`, {}), 400, `采购结算 ${s.settleNo} 已审核，不能修改磅单，请先反审核`);
    expectFailure(await post(`${PU}/delete/${s.id}`), 400, `采购结算 ${s.settleNo} 已审核，不能删除，请先反审核`);
    expectOk(await post(`${PU}/invoice/${s.id}`, { invoiceNo: 'FP0001', invoiceDate: '2026-11-25', amount: total, tax: '34.51' }));
    expectFailure(await post(`${PU}/invoice/${s.id}`, { invoiceNo: 'FP0001', invoiceDate: '2026-11-25', amount: '1' }), 400, '发票号 FP0001 已登记');
    expectFailure(await post(`${PU}/unexamine/${s.id}`), 400, `采购结算 ${s.settleNo} 已登记发票，不能反审核`);
    const half = new Decimal(total).div(2).toDecimalPlaces(2).toFixed();
    const first = expectOk(await post(`${PU}/payment/${s.id}`, { paidOn: '2026-11-25', method: 'BANK', amount: half })).data as { state: string };
    expect(first.state).toBe('EXAMINED');
    const rest = new Decimal(total).minus(half).toFixed();
    expectFailure(await post(`${PU}/payment/${s.id}`, { paidOn: '2026-11-26', method: 'BANK', amount: new Decimal(rest).plus(1).toFixed() }), 400, `付款金额 ${new Decimal(rest).plus(1).toFixed()} 超过未付金额 ${rest}`);
    expect((expectOk(await post(`${PU}/payment/${s.id}`, { paidOn: '2026-11-26', method: 'BANK', amount: rest })).data as { state: string }).state).toBe('PAID');
    expectOk(await post(`${PU}/close/${s.id}`));
    expect(await header(s.id)).toMatchObject({ state: 'CLOSED', paid_amount: total });
    expect((await logsOf(s.settleNo)).map((l) => l.action)).toEqual(['create', 'confirmPounds', 'adjust', 'examine', 'invoice', 'payment', 'payment', 'close']);
    // a closed settlement still holds its tickets
    for (const t of tickets) expect((await ticketRow(t.id)).settled_by_no).toBe(s.settleNo);
    // the tickets back for the next tests (a closed settlement is not deleted by any call)
    await ctx.database.db.deleteFrom('wb_settlement').where('id', '=', s.id).execute();
  });

  it('un-examining and deleting free the tickets', async () => {
    const s = await createSettlement();
    expectOk(await post(`${PU}/confirmPounds/${s.id}`, {}));
    expectOk(await post(`${PU}/examine/${s.id}`));
    expectOk(await post(`${PU}/unexamine/${s.id}`));
    for (const t of tickets) expect((await ticketRow(t.id)).settled_by_id).toBeNull();
    expect(await header(s.id)).toMatchObject({ state: 'DRAFT', ticket_count: 0, total_amount: '0.0000' });
    expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: [tickets[0].id] }));
    expectOk(await post(`${PU}/delete/${s.id}`));
    expect((await ticketRow(tickets[0].id)).settled_by_id).toBeNull();
    expect(await ctx.database.db.selectFrom('wb_settlement').select('id').where('id', '=', s.id).executeTakeFirst()).toBeUndefined();
    expect((await logsOf(s.settleNo)).map((l) => l.action)).toEqual(['create', 'confirmPounds', 'examine', 'unexamine', 'confirmPounds', 'delete']);
  });
});

describe('a settled ticket', () => {
  it('refuses update, deduct, price change, merge, split, reverse-post and void, naming the settlement', async () => {
    const made = expectOk(await post('/api/weigh/pu/create', { entity: { plateNumber: '苏JS0002', materialId: plant.materialId, gross: '30', tare: '10', price: '5' } }, adm)).data as { id: string; ticketNo: string };
    const manual = String(made.id);
    // a manual ticket names no vendor: the vendor's here, as an import from the old system would carry it
    await ctx.database.db.updateTable('wb_ticket').set({ vendor_id: plant.vendorId }).where('id', '=', manual).execute();
    expectOk(await post('/api/weigh/pu/audit', { ids: [manual] }, adm));
    const [a, b] = tickets;
    expectOk(await post('/api/weigh/pu/down', { ids: [b.id] }, adm));
    const s = await createSettlement();
    expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: [a.id, b.id, manual] }));
    const refusal = (no: string) => `磅单 ${no} 已被采购结算 ${s.settleNo} 锁定`;
    const before = await ticketRow(a.id);
    const version = (await ticketRow(manual)).version;
    expectFailure(await call(ctx.app, 'PUT', '/api/weigh/pu/update', adm, { entity: { id: manual, version, gross: '31' } }), 400, refusal(made.ticketNo));
    expectFailure(await post('/api/weigh/pu/deduct', { id: a.id, deductions: [{ kind: 'water', amount: '1' }] }, adm), 400, refusal(a.no));
    expectFailure(await post('/api/weigh/pu/modifyPrice', { ids: [a.id], price: '11', reason: '议价' }, adm), 400, refusal(a.no));
    expectFailure(await post('/api/weigh/pu/split', { id: a.id, parts: ['10', '15'] }, adm), 400, refusal(a.no));
    expectFailure(await post('/api/weigh/pu/merge', { ids: [a.id, tickets[2].id] }, adm), 400, refusal(a.no));
    expectFailure(await post('/api/weigh/pu/obsolete', { ids: [a.id] }, adm), 400, refusal(a.no));
    expectFailure(await post('/api/weigh/pu/reversedown', { ids: [b.id] }, adm), 400, refusal(b.no));
    expect(await ticketRow(a.id)).toEqual(before);
    expect((await ticketRow(b.id)).state).toBe('POSTED');
    // a freight settlement's hold refuses the same, named
    await ctx.database.db.updateTable('wb_ticket').set({ freight_settled_by_id: s.id, freight_settled_by_no: 'YFJS0001' }).where('id', '=', tickets[2].id).execute();
    expectFailure(await post('/api/weigh/pu/obsolete', { ids: [tickets[2].id] }, adm), 400, `磅单 ${tickets[2].no} 已被运费结算 YFJS0001 锁定`);
    await ctx.database.db.updateTable('wb_ticket').set({ freight_settled_by_id: null, freight_settled_by_no: null }).where('id', '=', tickets[2].id).execute();
    expectOk(await post(`${PU}/delete/${s.id}`));
    // freed, the ticket takes changes again
    expectOk(await post('/api/weigh/pu/modifyPrice', { ids: [a.id], price: '10', reason: '议价' }, adm));
    expectOk(await post('/api/weigh/pu/reversedown', { ids: [b.id] }, adm));
  });
});

describe('two settlements claiming overlapping tickets at once', () => {
  it('puts each ticket in exactly one; the other is refused naming the holder and keeps nothing', async () => {
    const [a, b, c, d] = tickets;
    for (let round = 0; round < 3; round++) {
      const x = await createSettlement();
      const y = await createSettlement();
      const answers = await Promise.all([
        post(`${PU}/confirmPounds/${x.id}`, { ticketIds: [a.id, b.id, c.id] }),
        post(`${PU}/confirmPounds/${y.id}`, { ticketIds: [d.id, c.id, b.id] }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const [winner, loser] = answers[0].statusCode === 200 ? [x, y] : [y, x];
      expect((answers.find((r) => r.statusCode === 400)?.json() as { msg: string }).msg).toMatch(new RegExp(`已被采购结算 ${winner.settleNo} 锁定$`));
      const rows = await ctx.database.db.selectFrom('wb_settlement_row').select(['settlement_id', 'ticket_id']).where('settlement_id', 'in', [x.id, y.id]).execute();
      for (const t of [b, c]) {
        expect(rows.filter((r) => r.ticket_id === t.id).map((r) => r.settlement_id)).toEqual([winner.id]);
        expect((await ticketRow(t.id)).settled_by_id).toBe(winner.id);
      }
      expect(await header(loser.id)).toMatchObject({ ticket_count: 0, total_amount: '0.0000' });
      expect((await logsOf(loser.settleNo)).map((l) => l.action)).toEqual(['create']);
      expectOk(await post(`${PU}/delete/${x.id}`));
      expectOk(await post(`${PU}/delete/${y.id}`));
    }
  });
});

describe('the statement', () => {
  it('prints the settlement as PDF (letterhead, basis, totals, signature block) and exports it to Excel with numbers in their formats', async () => {
    const [, , c, d] = tickets;
    await ctx.database.db.updateTable('sys_org').set({ address: '江苏省南京市江北新区称重路 8 号', phone: '025-5888 0000' }).where('id', '=', plant.orgId).execute();
    const s = await createSettlement();
    expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: [c.id, d.id] }));
    expectOk(await post(`${PU}/adjust/${s.id}`, { reasonKind: 'REBATE', reason: '返利', amount: '-2.5' }));
    expectOk(await post(`${PU}/examine/${s.id}`));
    const org = await ctx.database.db.selectFrom('sys_org').select('org_name').where('id', '=', plant.orgId).executeTakeFirstOrThrow();
    const pdf = await call(ctx.app, 'GET', `${PU}/statement/${s.id}`, ac);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
    const text = (await pageTexts(pdf.rawPayload)).join('|');
    // c: 25 t at 10 = 250; d: 25 t at 7.3333 = 183.33; a rebate of -2.5; the total 430.83
    for (const figure of [org.org_name, '地址：江苏省南京市江北新区称重路 8 号', '电话：025-5888 0000', `采购结算单 ${s.settleNo}`, c.no, d.no, '我方净重', '结算依据',
      '25.00', '¥7.3333', '¥183.33', '¥250.00', '-¥2.50', '返利', '¥430.83', '制表：', '审核：', '供应商签章：', '日期：', '第 1 页 共 1 页']) expect(text).toContain(figure);
    expect(text).toContain('|合计|2 张|');
    const xlsx = await call(ctx.app, 'GET', `${PU}/statement/${s.id}/xlsx`, ac);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('A1').value).toBe(org.org_name);
    let head = 0;
    sheet.eachRow((row, n) => { if (row.getCell(1).value === '序号') head = n; });
    const headers = (sheet.getRow(head).values as unknown[]).slice(1);
    const col = (name: string) => headers.findIndex((h) => String(h).startsWith(name)) + 1;
    const rowOf = (first: unknown, second?: unknown) => {
      for (let n = head + 1; n <= sheet.rowCount; n++) {
        const r = sheet.getRow(n);
        if (r.getCell(1).value === first && (second === undefined || r.getCell(2).value === second)) return r;
      }
      throw new Error(`no row ${String(first)}`);
    };
    const dRow = rowOf('2', d.no);
    expect(dRow.getCell(col('金额')).value).toBe(183.33);
    expect(dRow.getCell(col('金额')).numFmt).toBe('"¥"#,##0.00;-"¥"#,##0.00');
    expect(dRow.getCell(col('结算数量')).value).toBe(25);
    expect(dRow.getCell(col('结算数量')).numFmt).toBe('#,##0.00');
    expect(dRow.getCell(col('结算依据')).value).toBe('我方净重');
    expect(dRow.getCell(col('完成时间')).value).toBeInstanceOf(Date);
    expect(dRow.getCell(col('完成时间')).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const totals = rowOf('合计');
    expect(totals.getCell(col('金额')).value).toBe(430.83);
    let signed = false;
    sheet.eachRow((row) => { if (row.getCell(1).value === '制表：') signed = true; });
    expect(signed).toBe(true);
    expectOk(await post(`${PU}/unexamine/${s.id}`));
    expectOk(await post(`${PU}/delete/${s.id}`));
  });
});

describe('a sales settlement', () => {
  it('settles a customer\'s tickets and takes the customer\'s payment linked to its receipt', async () => {
    const sold = await weighSale(ctx.app, ctx.database.db, plant, op);
    expectOk(await post('/api/weigh/sa/modifyPrice', { ids: [sold.id], price: '400', reason: '合同价' }, adm));
    expectOk(await post('/api/weigh/sa/audit', { ids: [sold.id] }, adm));
    const s = expectOk(await post('/api/settlement/sa/create', { entity: { customerId: plant.customerId, ...period } })).data as { id: string; settleNo: string };
    expect(s.settleNo).toMatch(/^XSJD\d{12}$/);
    const done = expectOk(await post(`/api/settlement/sa/confirmPounds/${s.id}`, {})).data as { ticketCount: number; totals: { totalAmount: string } };
    expect(done).toMatchObject({ ticketCount: 1, totals: { totalAmount: '10000' } });
    expectOk(await post(`/api/settlement/sa/examine/${s.id}`));
    const r = expectOk(await post('/api/money/receipt/create', { entity: { customerId: plant.customerId, amount: '10000', method: 'BANK' } })).data as { id: string };
    expectFailure(await post(`/api/settlement/sa/payment/${s.id}`, { paidOn: '2026-11-25', method: 'RECEIPT', amount: '4000', receiptId: String(r.id) }), 400, /未审核$/);
    expectOk(await post('/api/money/receipt/audit', { ids: [r.id] }, adm));
    expectFailure(await post(`/api/settlement/sa/payment/${s.id}`, { paidOn: '2026-11-25', method: 'RECEIPT', amount: '4000' }), 400, '按收款单付款须选择收款单');
    expect((expectOk(await post(`/api/settlement/sa/payment/${s.id}`, { paidOn: '2026-11-25', method: 'RECEIPT', amount: '4000', receiptId: String(r.id) })).data as { state: string }).state).toBe('EXAMINED');
    expect((expectOk(await post(`/api/settlement/sa/payment/${s.id}`, { paidOn: '2026-11-26', method: 'RECEIPT', amount: '6000', receiptId: String(r.id) })).data as { state: string }).state).toBe('PAID');
    const got = expectOk(await call(ctx.app, 'GET', `/api/settlement/sa/get/${s.id}`, ac)).data as { payments: { direction: string; receiptNo: string }[]; state: string };
    expect(got.state).toBe('PAID');
    expect(got.payments.map((p) => p.direction)).toEqual(['IN', 'IN']);
    expect((await logsOf(s.settleNo)).map((l) => l.action)).toEqual(['create', 'confirmPounds', 'examine', 'payment', 'payment']);
    expectFailure(await post('/api/weigh/sa/obsolete', { ids: [sold.id] }, adm), 400, `磅单 ${sold.no} 已被销售结算 ${s.settleNo} 锁定`);
  });
});

describe('a candidate is the row it will become', () => {
  it('shows, for each basis and with deductions of each kind, the quantity, price and amount the saved row holds, and why', async () => {
    const [ourNet, shipped, lesser, manual] = [await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm), await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm),
      await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm, { price: '38' }), await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm)];
    // our net 25 less 0.5 of water and the lab's 0.04; a hidden deduction is no party's to see
    await applySiteDeduction(ctx.database.db, ourNet.id, 'WATER', '0.5');
    await applySiteDeduction(ctx.database.db, ourNet.id, 'HIDDEN', '0.1');
    await applyQuality(ctx.database.db, ourNet.id, '0.04', '0.5');
    // the shipped 30 settles less the quality deduction; the impurity is out of our net only
    await contractFor(ctx.database.db, plant, shipped.lineId, 'SHIPPED', '13');
    await applySiteDeduction(ctx.database.db, shipped.id, 'IMPURITY', '0.3');
    await applyQuality(ctx.database.db, shipped.id, '1', '0');
    // the case reported: our 31.99 against the vendor's 31.95 settles the lesser, 31.95 x 38 = 1,214.10 (not 1,215.62)
    await contractFor(ctx.database.db, plant, lesser.lineId, 'LESSER', '0');
    await sql`UPDATE wb_ticket SET gross = tare + 31.99, net = 31.99, shipped_quantity = 31.95 WHERE id = ${lesser.id}::bigint`.execute(ctx.database.db);
    // every site kind on one ticket of no contract
    for (const kind of ['DETRITUS', 'STONE', 'OTHER'] as const) await applySiteDeduction(ctx.database.db, manual.id, kind, '0.2');
    const mine = [ourNet, shipped, lesser, manual];
    const s = await createSettlement();
    const listed = (expectOk(await post(`${PU}/weightLists`, { settlementId: s.id })).data as { rows: Record<string, unknown>[] }).rows;
    const candidate = new Map(listed.map((r) => [r.id as string, r]));
    expect(candidate.get(lesser.id)).toMatchObject({ basis: 'LESSER', grossNet: '31.99', shipped: '31.95', basisQuantity: '31.95', quantity: '31.95', unitPrice: '38', amount: '1214.1' });
    expect(candidate.get(lesser.id)?.basisText).toBe('两者取小：我方 31.99，原发 31.95，取 31.95；无扣重');
    expect(candidate.get(ourNet.id)).toMatchObject({ basis: 'OUR_NET', deductions: { WATER: '0.5', QUALITY: '0.04' }, quantity: '24.36', unitPrice: '10.5', amount: '255.78' });
    expect(candidate.get(ourNet.id)?.basisText).toBe('我方净重 24.4；扣水 0.5；质量扣重 0.04');
    expect(candidate.get(shipped.id)).toMatchObject({ basis: 'SHIPPED', deductions: { IMPURITY: '0.3', QUALITY: '1' }, quantity: '29', amount: '290', taxRate: '13' });
    expect(candidate.get(manual.id)).toMatchObject({ deductions: { DETRITUS: '0.2', STONE: '0.2', OTHER: '0.2' }, quantity: '24.4' });

    expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: mine.map((t) => t.id) }));
    const saved = (expectOk(await call(ctx.app, 'GET', `${PU}/getId/${s.id}`, ac)).data as { rows: Record<string, unknown>[] }).rows;
    const FIGURES = ['basis', 'net', 'shipped', 'grossNet', 'basisQuantity', 'qualityDeduction', 'deductions', 'quantity', 'price', 'qualityPriceAdjust', 'unitPrice', 'taxRate', 'amount', 'tax', 'amountExTax'];
    for (const t of mine) {
      const row = saved.find((r) => r.ticketId === t.id) as Record<string, unknown>;
      const pick = (o: Record<string, unknown>) => Object.fromEntries(FIGURES.map((k) => [k, o[k]]));
      expect(pick(candidate.get(t.id) as Record<string, unknown>)).toEqual(pick(row));
    }
    // the settlement's own tickets stay its candidates, so the dialog opened again offers what it holds
    const again = (expectOk(await post(`${PU}/weightLists`, { settlementId: s.id })).data as { rows: { id: string }[] }).rows.map((r) => r.id);
    for (const t of mine) expect(again).toContain(t.id);
    const text = (await pageTexts((await call(ctx.app, 'GET', `${PU}/statement/${s.id}`, ac)).rawPayload)).join('|');
    for (const figure of ['两者取小', '对方原发', '31.99', '31.95', '¥1,214.10', '扣水 0.50；质量扣重 0.04', '扣杂 0.30；质量扣重 1.00']) expect(text).toContain(figure);
    expectOk(await post(`${PU}/delete/${s.id}`));
  });
});
