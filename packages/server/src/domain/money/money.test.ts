import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { pageTexts } from '../weighing/print/pdf-text.test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { makeNoticeLine, plantOf, testPlate, type Plant } from '../weighing/test-support';

// The customer's money through its calls: receipts, refunds and credit move the account; a sales
// registry freezes its pre-load x price under money control; the second weighing consumes the
// ticket's amount; voiding gives it back; the statement adds up.
const { app, database } = await createTestApp();
const { db, pool } = database;
let accountant: string;
let operator: string;
/** audits what the accountant records: whoever records a receipt may not audit it */
let auditor: string;
let plant: Plant;

beforeAll(async () => {
  accountant = (await bearerFor(app, 'accountant')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  auditor = (await bearerFor(app, 'admin')).authorization;
  plant = await plantOf(db);
});

const asAccountant = (url: string, body: unknown) => call(app, 'POST', url, accountant, body);
const asOperator = (url: string, body: unknown) => call(app, 'POST', url, operator, body);
const asAuditor = (url: string, body: unknown) => call(app, 'POST', url, auditor, body);

/** A customer of its own for each test, allocated to the company, so accounts do not mix. */
let customerSerial = 0;
async function newCustomer(): Promise<{ id: string; name: string }> {
  const name = `资金客户${customerSerial++}`;
  const { rows: [c] } = await pool.query(
    `INSERT INTO md_customer (group_id, org_id, customer_code, customer_name)
     SELECT group_id, org_id, 'ZJ' || $2, $2 FROM md_customer WHERE id = $1 RETURNING id::text`, [plant.customerId, name]);
  await pool.query('INSERT INTO md_customer_alloc (group_id, archive_id, org_id) SELECT group_id, id, $2 FROM md_customer WHERE id = $1', [c.id, plant.orgId]);
  return { id: c.id, name };
}

async function receipt(customerId: string, amount: string, extra: Record<string, unknown> = {}, audit = true) {
  const r = expectOk(await asAccountant('/api/money/receipt/create', { entity: { customerId, amount, method: 'BANK', ...extra } })).data as { id: string; receiptNo: string };
  if (audit) expectOk(await asAuditor('/api/money/receipt/audit', { ids: [r.id] }));
  return r;
}

const account = async (customerId: string) => {
  const { rows } = await pool.query(
    'SELECT id::text, received::text, consumed::text, frozen::text, credit::text, available::text, control FROM fm_account_view WHERE customer_id = $1', [customerId]);
  return rows[0] as { id: string; received: string; consumed: string; frozen: string; credit: string; available: string; control: string } | undefined;
};
const num = (v: string | undefined) => Number(v);

async function setControl(customerId: string, control: 'controlForbid' | 'controlWarn' | 'controlNone') {
  const a = await account(customerId);
  expectOk(await asAccountant(`/api/money/account/${control}`, { ids: [a?.id] }));
}

/** A sales notice line of the customer at a price, through the weighing tests' helper. */
async function salesLine(customerId: string, price: string | undefined, maxLimit = '1000') {
  return makeNoticeLine(db, { ...plant, customerId }, { kind: 'sa', maxLimit, price });
}

async function salesRegistry(lineId: string, pre: string) {
  return expectOk(await asOperator('/api/registry/sa/create', { entity: { plateNumber: testPlate('M'), noticeLineId: lineId, preQuantity: pre } })).data as { id: string; registryNo: string };
}

describe('receipts and refunds', () => {
  it('counts a receipt once audited, and a refund takes it out again', async () => {
    const c = await newCustomer();
    const r = await receipt(c.id, '10000', {}, false);
    expect(await account(c.id)).toBeUndefined();
    expectOk(await asAuditor('/api/money/receipt/audit', { ids: [r.id] }));
    expect(num((await account(c.id))?.available)).toBe(10000);
    await receipt(c.id, '2500.5', { receiptKind: 'REFUND' });
    expect(num((await account(c.id))?.received)).toBe(7499.5);
    const log = await pool.query("SELECT action, doc_no FROM sys_log WHERE family = '收款登记' AND doc_no = $1", [r.receiptNo]);
    expect(log.rows.map((x) => x.action).sort()).toEqual(['audit', 'create']);
  });

  it('refuses a refund beyond the available, naming the shortfall, and changes nothing', async () => {
    const c = await newCustomer();
    await receipt(c.id, '8000');
    const refund = await receipt(c.id, '12000', { receiptKind: 'REFUND' }, false);
    const body = expectFailure(await asAuditor('/api/money/receipt/audit', { ids: [refund.id] }), 400);
    expect(body.msg).toBe(`退款单 ${refund.receiptNo}：客户 ${c.name} 可用余额不足：需 12,000.00 元，可用 8,000.00 元，差 4,000.00 元`);
    expect(num((await account(c.id))?.available)).toBe(8000);
    expect((await pool.query('SELECT doc_status FROM fm_receipt WHERE id = $1', [refund.id])).rows[0].doc_status).toBe('FREE');
  });

  it('refuses to withdraw a receipt whose money is spent or frozen', async () => {
    const c = await newCustomer();
    const r = await receipt(c.id, '5000');
    const { lineId } = await salesLine(c.id, '100');
    const reg = await salesRegistry(lineId, '20');
    expectOk(await asOperator('/api/registry/sa/audit', { ids: [reg.id] }));
    expectFailure(await asAccountant('/api/money/receipt/unaudit', { ids: [r.id] }), 400, /可用余额不足：需 5,000.00 元，可用 3,000.00 元，差 2,000.00 元/);
    expectOk(await asOperator('/api/registry/sa/unaudit', { ids: [reg.id] }));
    expectOk(await asAccountant('/api/money/receipt/unaudit', { ids: [r.id] }));
    expect(num((await account(c.id))?.available)).toBe(0);
  });

  it('refuses the audit by whoever recorded the receipt or refund (403, naming it), and takes another user\'s', async () => {
    const c = await newCustomer();
    const r = await receipt(c.id, '500', {}, false);
    const refused = expectFailure(await asAccountant('/api/money/receipt/audit', { ids: [r.id] }), 403);
    expect(refused.msg).toBe(`收款单 ${r.receiptNo}：审核人不能是录入人，请由另一人审核`);
    expect((await pool.query('SELECT doc_status FROM fm_receipt WHERE id = $1', [r.id])).rows[0].doc_status).toBe('FREE');
    expect(await account(c.id)).toBeUndefined();
    expectOk(await asAuditor('/api/money/receipt/audit', { ids: [r.id] }));
    expect(num((await account(c.id))?.available)).toBe(500);
    const refund = await receipt(c.id, '100', { receiptKind: 'REFUND' }, false);
    expectFailure(await asAccountant('/api/money/receipt/audit', { ids: [refund.id] }), 403, `退款单 ${refund.receiptNo}：审核人不能是录入人，请由另一人审核`);
    // un-audit is not an audit: the recorder may withdraw it
    expectOk(await asAccountant('/api/money/receipt/unaudit', { ids: [r.id] }));
  });

  it('keeps a receipt in cents: a third decimal refused naming the field, the tax figured to the cent', async () => {
    const c = await newCustomer();
    const third = expectFailure(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '1101.375', method: 'BANK' } }), 400, /金额最多2位小数/);
    expect((third.data as { field: string }).field).toBe('amount');
    expectFailure(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '100', taxAmout: '11.504', method: 'BANK' } }), 400, /税额最多2位小数/);
    // 88,888.89 at 13 %: tax 88,888.89 x 13 / 113 = 10,226.1554..., kept as 10,226.16 (never 10,226.155)
    const r = expectOk(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '88888.89', taxRate: '13', method: 'BANK' } })).data as { id: string };
    const got = expectOk(await call(app, 'GET', `/api/money/receipt/get/${r.id}`, accountant)).data as { taxAmout: string };
    expect(new Decimal(got.taxAmout).toFixed()).toBe('10226.16');
    expect((await pool.query('SELECT tax_amount::text FROM fm_receipt WHERE id = $1', [r.id])).rows[0].tax_amount).toBe('10226.1600');
  });

  it('refuses a receipt, a refund or a credit line beyond its ceiling, naming the ceiling', async () => {
    const c = await newCustomer();
    const huge = expectFailure(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '1000000000000', method: 'BANK' } }), 400,
      '收款金额 1,000,000,000,000.00 超过收款单的上限 100,000,000.00 元，请核对');
    expect((huge.data as { field: string }).field).toBe('amount');
    expectFailure(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '100000000.01', method: 'BANK', receiptKind: 'REFUND' } }), 400,
      '退款金额 100,000,000.01 超过退款单的上限 100,000,000.00 元，请核对');
    expectFailure(await asAccountant('/api/money/credit/create', { entity: { customerId: c.id, amount: '200000000', validFrom: '2026-01-01', validTo: '2026-12-31' } }), 400,
      '授信额度 200,000,000.00 超过授信单的上限 100,000,000.00 元，请核对');
    expectOk(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '100000000', method: 'BANK' } }));
    // the ceiling is the company's parameter
    await pool.query("INSERT INTO sys_param (org_id, param_key, param_value) VALUES ($1, 'receiptCeiling', '5000')", [plant.orgId]);
    try {
      expectFailure(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '5000.01', method: 'BANK' } }), 400,
        '收款金额 5,000.01 超过收款单的上限 5,000.00 元，请核对');
    } finally {
      await pool.query("DELETE FROM sys_param WHERE org_id = $1 AND param_key = 'receiptCeiling'", [plant.orgId]);
    }
  });

  it('asks an acceptance bill for its number and maturity, naming the field', async () => {
    const c = await newCustomer();
    const res = await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '100', method: 'ACCEPTANCE', billMaturity: '2027-05-01' } });
    const body = expectFailure(res, 400, '承兑汇票必须填写票据号');
    expect((body.data as { field: string }).field).toBe('billNo');
    const ok = expectOk(await asAccountant('/api/money/receipt/create', {
      entity: { customerId: c.id, amount: '11300', method: 'ACCEPTANCE', billNo: 'CD001', billMaturity: '2027-05-01', taxRate: '13' },
    })).data;
    const got = expectOk(await call(app, 'GET', `/api/money/receipt/get/${ok.id}`, accountant)).data;
    expect([got.billNo, Number(got.taxAmout)]).toEqual(['CD001', 1300]);
  });

  it('refuses an amount beyond its column with a 400 naming it', async () => {
    const c = await newCustomer();
    const body = expectFailure(await asAccountant('/api/money/receipt/create', { entity: { customerId: c.id, amount: '1e15', method: 'CASH' } }), 400);
    expect((body.data as { field: string }).field).toBe('amount');
  });
});

describe('credit', () => {
  it('counts audited credit only inside its validity', async () => {
    const c = await newCustomer();
    const make = async (from: string, to: string) => {
      const r = expectOk(await asAccountant('/api/money/credit/create', { entity: { customerId: c.id, amount: '3000', validFrom: from, validTo: to } })).data;
      expectOk(await asAccountant('/api/money/credit/audit', { ids: [r.id] }));
      return r.id as string;
    };
    const valid = await make('2020-01-01', '2099-12-31');
    await make('2020-01-01', '2020-12-31');
    const free = expectOk(await asAccountant('/api/money/credit/create', { entity: { customerId: c.id, amount: '900', validFrom: '2020-01-01', validTo: '2099-12-31' } })).data;
    expect(free.id).toBeTruthy();
    expect(num((await account(c.id))?.available)).toBe(3000);
    expectOk(await asAccountant('/api/money/credit/unaudit', { ids: [valid] }));
    expect(num((await account(c.id))?.available)).toBe(0);
  });
});

describe('money control at the sales registry', () => {
  it('refuses under FORBID with the exact shortfall, holding nothing', async () => {
    const c = await newCustomer();
    await receipt(c.id, '8000');
    await setControl(c.id, 'controlForbid');
    const { lineId } = await salesLine(c.id, '400');
    const reg = await salesRegistry(lineId, '30');
    const body = expectFailure(await asOperator('/api/registry/sa/audit', { ids: [reg.id] }), 400);
    expect(body.msg).toBe(`登记单 ${reg.registryNo}：客户 ${c.name} 可用余额不足：需 12,000.00 元，可用 8,000.00 元，差 4,000.00 元`);
    expect(num((await account(c.id))?.frozen)).toBe(0);
    expect((await pool.query('SELECT in_transit::float AS t FROM wb_notice_line WHERE id = $1', [lineId])).rows[0].t).toBe(0);
  });

  it('lets it go under WARN with the warning in the reply and the log', async () => {
    const c = await newCustomer();
    await receipt(c.id, '8000');
    await setControl(c.id, 'controlWarn');
    const { lineId } = await salesLine(c.id, '400');
    const reg = await salesRegistry(lineId, '30');
    const reply = expectOk(await asOperator('/api/registry/sa/audit', { ids: [reg.id] }));
    expect(reply.data.warnings).toEqual([`登记单 ${reg.registryNo}：客户 ${c.name} 可用余额不足：需 12,000.00 元，可用 8,000.00 元，差 4,000.00 元`]);
    expect(num((await account(c.id))?.available)).toBe(-4000);
    const log = await pool.query("SELECT detail FROM sys_log WHERE action = 'audit' AND doc_no = $1", [reg.registryNo]);
    expect(log.rows[0].detail).toMatch(/冻结资金 12,000.00 元（余额不足，资金控制提醒）/);
  });

  it('logs the control set, before and after', async () => {
    const c = await newCustomer();
    await receipt(c.id, '1');
    await setControl(c.id, 'controlForbid');
    expect((await account(c.id))?.control).toBe('FORBID');
    const log = await pool.query("SELECT detail FROM sys_log WHERE action = 'moneyControl' AND doc_no = $1", [`ZJ${c.name}`]);
    expect(log.rows.map((r) => r.detail)).toEqual(['资金控制 不控制 -> 禁止']);
  });

  it('freezes at the price the chain gives when the notice line has none (a price rule of the customer)', async () => {
    const c = await newCustomer();
    await receipt(c.id, '50000');
    const rule = expectOk(await asAccountant('/api/price/sa/create', {
      entity: { materialId: plant.materialId, partyId: c.id, price: '300', effectiveFrom: '2026-01-01 00:00:00' },
    })).data;
    expectOk(await asAccountant('/api/price/sa/audit', { ids: [rule.id] }));
    const { lineId } = await salesLine(c.id, undefined);
    const reg = await salesRegistry(lineId, '10');
    expectOk(await asOperator('/api/registry/sa/audit', { ids: [reg.id] }));
    expect(num((await account(c.id))?.frozen)).toBe(3000);
  });

  it('gives the freeze back when the registry is voided', async () => {
    const c = await newCustomer();
    await receipt(c.id, '50000');
    const { lineId } = await salesLine(c.id, '400');
    const reg = await salesRegistry(lineId, '30');
    expectOk(await asOperator('/api/registry/sa/audit', { ids: [reg.id] }));
    expect(num((await account(c.id))?.frozen)).toBe(12000);
    expectOk(await asOperator('/api/registry/sa/obsolete', { ids: [reg.id] }));
    expect(num((await account(c.id))?.frozen)).toBe(0);
    expect(num((await account(c.id))?.available)).toBe(50000);
  });

  it('moves both freezes to the kept registry when two are merged', async () => {
    const c = await newCustomer();
    await receipt(c.id, '50000');
    const { lineId } = await salesLine(c.id, '400');
    const plate = testPlate('H');
    const make = async (pre: string) => expectOk(await asOperator('/api/registry/sa/create', { entity: { plateNumber: plate, noticeLineId: lineId, preQuantity: pre } })).data as { id: string };
    const keep = await make('10');
    const other = await make('15');
    expectOk(await asOperator('/api/registry/sa/audit', { ids: [keep.id, other.id] }));
    expect(num((await account(c.id))?.frozen)).toBe(10000);
    expectOk(await asOperator('/api/registry/sa/merge', { ids: [keep.id, other.id] }));
    expect(num((await account(c.id))?.frozen)).toBe(10000);
    const held = await pool.query(`SELECT doc_id::text AS id, sum(frozen_delta)::float AS f FROM fm_ledger WHERE doc_kind = 'registry' AND doc_id = ANY($1::bigint[]) GROUP BY 1`, [[keep.id, other.id]]);
    expect(Object.fromEntries(held.rows.map((r) => [r.id, r.f]))).toEqual({ [keep.id]: 10000, [other.id]: 0 });
    expectOk(await asOperator('/api/registry/sa/unaudit', { ids: [keep.id] }));
    expect(num((await account(c.id))?.frozen)).toBe(0);
  });

  it('lets exactly one of two registries through when the balance covers one, under FORBID', async () => {
    const c = await newCustomer();
    await receipt(c.id, '15000');
    await setControl(c.id, 'controlForbid');
    const { lineId } = await salesLine(c.id, '400');
    const a = await salesRegistry(lineId, '30');
    const b = await salesRegistry(lineId, '30');
    const answers = await Promise.all([a, b].map((r) => asOperator('/api/registry/sa/audit', { ids: [r.id] })));
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((x) => x.statusCode !== 200);
    expect(refused).toBeDefined();
    expectFailure(refused!, 400, new RegExp(`客户 ${c.name} 可用余额不足：需 12,000.00 元，可用 3,000.00 元，差 9,000.00 元$`));
    const acc = await account(c.id);
    expect([num(acc?.frozen), num(acc?.available)]).toEqual([12000, 3000]);
    const ledger = await pool.query("SELECT sum(frozen_delta)::float AS f FROM fm_ledger WHERE customer_id = $1 AND kind = 'FREEZE'", [c.id]);
    expect(ledger.rows[0].f).toBe(12000);
  });
});

describe('the second weighing and the statement', () => {
  let c: { id: string; name: string };
  let ticket: { id: string; no: string; amount: string };

  it('consumes exactly the ticket\'s amount and lets the freeze go', async () => {
    c = await newCustomer();
    await receipt(c.id, '50000');
    await setControl(c.id, 'controlForbid');
    const { lineId } = await salesLine(c.id, '400');
    const reg = await salesRegistry(lineId, '30');
    expectOk(await asOperator('/api/registry/sa/audit', { ids: [reg.id] }));
    expectOk(await asOperator('/api/registry/sa/letin', { ids: [reg.id] }));
    const before = num((await account(c.id))?.available);
    const weigh = async (which: 'first' | 'second', weight: string) => expectOk(await asOperator(`/api/weigh/sa/${which}`, {
      registryId: reg.id, ticketId: which === 'second' ? ticket?.id : undefined, weight, stationId: 'M1', requestId: `money-${which}-${reg.id}`, stable: true,
    })).data;
    const first = await weigh('first', '15');
    ticket = { id: first.ticketId, no: first.ticketNo, amount: '' };
    await weigh('second', '43.5');
    const t = (await pool.query('SELECT amount::text, net::text FROM wb_ticket WHERE id = $1', [ticket.id])).rows[0];
    expect(Number(t.amount)).toBe(28.5 * 400);
    ticket.amount = t.amount;
    const after = await account(c.id);
    expect(num(after?.frozen)).toBe(0);
    expect(num(after?.consumed)).toBe(11400);
    // the freeze (12,000) is gone and the ticket's amount (11,400) is taken: available is what it was before the freeze, less the amount
    expect(before + 12000 - num(after?.available)).toBe(11400);
    expectOk(await asOperator('/api/registry/sa/letout', { ids: [reg.id] }));
    expect(num((await account(c.id))?.frozen)).toBe(0);
  });

  it('adds the statement up across a period boundary, as JSON, Excel and PDF', async () => {
    // the receipt moved yesterday, the ticket today: a statement of today opens with the receipt
    await pool.query("UPDATE fm_ledger SET at = at - interval '1 day' WHERE customer_id = $1 AND kind = 'RECEIPT'", [c.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() - 86_400_000));
    const s = expectOk(await call(app, 'GET', `/api/money/statement?customerId=${c.id}&from=${today}&to=${today}`, accountant)).data;
    expect([s.opening, s.receipts, s.consumed, s.closing]).toEqual(['50000', '0', '11400', '38600']);
    expect(s.columns).toEqual(['at', 'kind', 'docNo', 'materialName', 'net', 'price', 'received', 'consumed', 'balance']);
    expect(s.lines).toHaveLength(1);
    expect(s.lines[0].slice(1)).toEqual(['CONSUME', ticket.no, expect.any(String), '28.5', '400', null, '11400', '38600']);
    const both = expectOk(await call(app, 'GET', `/api/money/statement?customerId=${c.id}&from=${yesterday}&to=${today}`, accountant)).data;
    expect([both.opening, both.receipts, both.consumed, both.closing]).toEqual(['0', '50000', '11400', '38600']);
    expect(both.lines.map((l: unknown[]) => [l[1], l[6], l[7], l[8]])).toEqual([['RECEIPT', '50000', null, '50000'], ['CONSUME', null, '11400', '38600']]);

    const xlsx = await call(app, 'GET', `/api/money/statement?customerId=${c.id}&from=${yesterday}&to=${today}&format=xlsx`, accountant);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment;/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const org = (await pool.query('SELECT org_name FROM sys_org WHERE id = $1', [plant.orgId])).rows[0];
    expect(sheet.getCell('A1').value).toBe(org.org_name);
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((r) => rows.push(r));
    const head = rows.find((r) => r.getCell(1).value === '时间') as ExcelJS.Row;
    const headers = (head.values as unknown[]).slice(1).map(String);
    const col = (name: string) => headers.findIndex((h) => h.startsWith(name)) + 1;
    const consume = rows.find((r) => r.getCell(col('单据号')).value === ticket.no) as ExcelJS.Row;
    expect([consume.getCell(col('消费')).value, consume.getCell(col('消费')).numFmt]).toEqual([11400, '"¥"#,##0.00;-"¥"#,##0.00']);
    expect([consume.getCell(col('净重')).value, consume.getCell(col('净重')).numFmt]).toEqual([28.5, '#,##0.00']);
    expect(consume.getCell(col('时间')).value).toBeInstanceOf(Date);
    expect(consume.getCell(col('时间')).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const totals = rows.find((r) => r.getCell(1).value === '本期合计') as ExcelJS.Row;
    expect([totals.getCell(col('收款')).value, totals.getCell(col('消费')).value, totals.getCell(col('余额')).value]).toEqual([50000, 11400, 38600]);
    expect(rows.some((r) => (r.values as unknown[]).includes('客户签章：'))).toBe(true);
    const pdf = await call(app, 'GET', `/api/money/statement?customerId=${c.id}&from=${yesterday}&to=${today}&format=pdf`, accountant);
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    const text = (await pageTexts(pdf.rawPayload)).join('|');
    for (const figure of [org.org_name, '客户对账单', `期初余额：¥0.00`, ticket.no, '28.50', '¥400.00', '¥50,000.00', '¥11,400.00', '¥38,600.00', '本期合计', '期末余额：', '客户签章：', '日期：']) {
      expect(text).toContain(figure);
    }
  });

  it('refuses a statement period that ends before it starts, naming the field', async () => {
    const body = expectFailure(await call(app, 'GET', `/api/money/statement?customerId=${c.id}&from=2026-02-01&to=2026-01-01`, accountant), 400, '结束日期不能早于开始日期');
    expect((body.data as { field: string }).field).toBe('to');
  });

  it('gives the consumption back when the completed ticket is voided', async () => {
    expectOk(await asOperator('/api/weigh/sa/obsolete', { ids: [ticket.id] }));
    const acc = await account(c.id);
    expect([num(acc?.consumed), num(acc?.available)]).toEqual([0, 50000]);
  });

  it('lets the operator look at the accounts, not change their control', async () => {
    const list = expectOk(await asOperator('/api/money/account/v2/list', { search: [{ key: 'customerName', op: 'eq', val: c.name }], limit: { pn: 1, ps: 10 } })).data;
    expect(JSON.stringify(list)).toContain('50000');
    const a = await account(c.id);
    expectFailure(await asOperator('/api/money/account/controlNone', { ids: [a?.id] }), 403);
  });
});

describe('a ticket whose amount changes after its completion', () => {
  /** A new customer paid 50,000, and its truck loaded 30 t at 400 (12,000 consumed); the ticket's id. */
  async function loadedTruck(station: string): Promise<{ c: { id: string; name: string }; ticketId: string }> {
    const c = await newCustomer();
    await receipt(c.id, '50000');
    const { lineId } = await salesLine(c.id, '400');
    const reg = await salesRegistry(lineId, '30');
    expectOk(await asOperator('/api/registry/sa/audit', { ids: [reg.id] }));
    expectOk(await asOperator('/api/registry/sa/letin', { ids: [reg.id] }));
    const first = expectOk(await asOperator('/api/weigh/sa/first', { registryId: reg.id, weight: '15', stationId: station, requestId: `${station}-1-${reg.id}`, stable: true })).data;
    expectOk(await asOperator('/api/weigh/sa/second', { ticketId: first.ticketId, weight: '45', stationId: station, requestId: `${station}-2-${reg.id}`, stable: true }));
    return { c, ticketId: first.ticketId };
  }
  it('consumes what the ticket says it is worth after 改价, the difference in the ledger', async () => {
    const { c, ticketId } = await loadedTruck('M2');
    expect(num((await account(c.id))?.consumed)).toBe(12000);
    expectOk(await asAccountant('/api/weigh/sa/modifyPrice', { ids: [ticketId], price: '350', reason: '协议价' }));
    expect(num((await account(c.id))?.consumed)).toBe(10500);
    const moves = await pool.query("SELECT kind, delta::float AS d FROM fm_ledger WHERE doc_kind = 'ticket' AND doc_id = $1 ORDER BY id", [ticketId]);
    expect(moves.rows).toEqual([{ kind: 'CONSUME', d: -12000 }, { kind: 'CONSUME_REVERSED', d: 1500 }]);
    expectOk(await asOperator('/api/weigh/sa/obsolete', { ids: [ticketId] }));
    expect(num((await account(c.id))?.consumed)).toBe(0);
  });

  it('gives the consumption back to the account when the goods are returned, and takes it again when the return is voided', async () => {
    const { c, ticketId } = await loadedTruck('M4');
    expect(num((await account(c.id))?.consumed)).toBe(12000);
    const admin = (await bearerFor(app, 'admin')).authorization;
    const ret = expectOk(await call(app, 'POST', `/api/weigh/sa/returnGoods/${ticketId}`, admin)).data as { id: string };
    expect([num((await account(c.id))?.consumed), num((await account(c.id))?.available)]).toEqual([0, 50000]);
    expectOk(await call(app, 'POST', '/api/weigh/sa/obsolete', admin, { ids: [ret.id] }));
    expect(num((await account(c.id))?.consumed)).toBe(12000);
  });

  it('keeps the account exact when a ticket is split and its parts merged again', async () => {
    const { c, ticketId } = await loadedTruck('M3');
    const consumedBy = async (id: string) => Number((await pool.query("SELECT coalesce(-sum(delta), 0)::float AS c FROM fm_ledger WHERE doc_kind = 'ticket' AND doc_id = $1", [id])).rows[0].c);
    const { ids } = expectOk(await asAccountant('/api/weigh/sa/split', { id: ticketId, parts: ['10', '20'] })).data as { ids: string[] };
    expect([await consumedBy(ticketId), await consumedBy(ids[0]), num((await account(c.id))?.consumed)]).toEqual([4000, 8000, 12000]);
    expectOk(await asAccountant('/api/weigh/sa/merge', { ids: [ticketId, ids[0]] }));
    expect([await consumedBy(ticketId), await consumedBy(ids[0]), num((await account(c.id))?.consumed)]).toEqual([12000, 0, 12000]);
  });
});
