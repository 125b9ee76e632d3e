import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { pressListButton, tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { columnTexts, listScreen, quickSearch, rows } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf } from '../support/workspace';

// The goods settlement's dialogs, as the accountant works them on 采购结算. A vendor's three trucks
// at 300 a ton (net 25 t each); the settlement made for the vendor's week. 确认磅单 lists the three
// candidates and the accountant leaves the third out: two rows, 15,000. 调整 adds a rebate of -100
// (14,900); examined; 发票 records the invoice; 付款 pays it in two parts (8,000 then 6,900): paid.

const stage = useSignedInPage(USERS.accountant);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 150 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

const VENDOR = { code: 'JSDLG01', name: '湖州结算对话框测试矿业有限公司' };
type Call = <T = { id: string }>(path: string, body: unknown) => Promise<T>;
let admin: Call;
let operator: Call;
let accountant: Call;
let vendorId = '';
let settleNo = '';
let lineId = '';
const tickets: { id: string; no: string }[] = [];
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

async function caller(who: { username: string; password: string }): Promise<Call> {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, who.username, who.password);
  return async <T>(path: string, body: unknown): Promise<T> => {
    const res = await api<{ data: T }>(stage.server.baseUrl, token, 'POST', path, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
}

async function haul(lineId: string, plateNumber: string, carrierId?: string): Promise<{ id: string; no: string }> {
  const registry = await admin('/api/registry/pu/create', { entity: { noticeLineId: lineId, plateNumber, preQuantity: '25', shippedQuantity: '25', driverName: '钱师傅', ...(carrierId ? { carrierId } : {}) } });
  await admin('/api/registry/pu/audit', { ids: [registry.id] });
  await admin('/api/registry/pu/letin', { ids: [registry.id] });
  const first = await operator<{ ticketId: string; ticketNo: string }>('/api/weigh/pu/first', { registryId: registry.id, weight: '40', stationId: 'E2E', requestId: `${plateNumber}-1`, stable: true });
  await operator('/api/weigh/pu/second', { registryId: registry.id, weight: '15', stationId: 'E2E', requestId: `${plateNumber}-2`, stable: true });
  return { id: first.ticketId, no: first.ticketNo };
}

const settlementOf = async (no: string) => (await db<{ state: string; ticket_count: number; total_amount: string; invoiced_amount: string; paid_amount: string }>(
  `SELECT state, ticket_count, trim_scale(total_amount)::text AS total_amount, trim_scale(invoiced_amount)::text AS invoiced_amount,
          trim_scale(paid_amount)::text AS paid_amount FROM wb_settlement WHERE settle_no = $1`, [no]))[0];

const dialog = (page: Page, testId: string) => page.locator('.ant-modal').filter({ has: page.getByTestId(testId) });

async function openOnSettlement(page: Page, button: string, testId: string, no = settleNo) {
  await quickSearch(page, no);
  await tickListRow(page, no);
  await pressListButton(page, button);
  const d = dialog(page, testId);
  await d.getByTestId('settlement-dialog-state').filter({ hasText: /\S/ }).waitFor();
  return d;
}

/** Unticks every row of the list (its selection outlives a search). */
async function clearSelection(page: Page) {
  const clear = listScreen(page).getByText('清空选择');
  if (await clear.isVisible()) await clear.click();
}

async function fill(page: Page, testId: string, text: string) {
  const input = page.getByTestId(testId);
  await input.fill('');
  await input.fill(text);
}

/** Types a day into one of the dialogs' date pickers and takes it, as a person does. */
async function pickDay(page: Page, testId: string, day: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

beforeAll(async () => {
  [admin, operator, accountant] = await Promise.all([caller(USERS.admin), caller(USERS.operator), caller(USERS.accountant)]);
  const [v] = await db<{ id: string }>(`
    INSERT INTO md_vendor (group_id, org_id, vendor_code, vendor_name)
    SELECT v.group_id, v.org_id, $1, $2 FROM md_vendor v JOIN md_vendor_alloc a ON a.archive_id = v.id JOIN sys_org o ON o.id = a.org_id
     WHERE o.org_code = 'HDSN' ORDER BY v.id LIMIT 1 RETURNING id::text`, [VENDOR.code, VENDOR.name]);
  vendorId = v.id;
  await db(`INSERT INTO md_vendor_alloc (group_id, archive_id, org_id) SELECT v.group_id, v.id, o.id FROM md_vendor v, sys_org o WHERE v.id = $1 AND o.org_code = 'HDSN'`, [vendorId]);
  const [material] = await db<{ id: string }>(
    `SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id
      WHERE o.org_code = 'HDSN' AND NOT m.scene_confirm AND m.hidden_deduct = 0 AND NOT m.overload AND m.pnmary IS NULL ORDER BY m.id LIMIT 1`);
  const notice = await admin('/api/notice/pu/create', {
    entity: { vendorId, startTime: '2026-01-01 00:00:00', endTime: '2035-12-31 23:59:59' },
    entitysub: [{ materialId: material.id, warehouseCode: 'CK01', quantity: '500', price: '300' }],
  });
  await admin('/api/notice/pu/audit', { ids: [notice.id] });
  const [line] = await db<{ id: string }>('SELECT id::text FROM wb_notice_line WHERE notice_id = $1', [notice.id]);
  lineId = line.id;
  tickets.push(await haul(line.id, '浙E6K001'), await haul(line.id, '浙E6K002'), await haul(line.id, '浙E6K003'));
  await admin('/api/weigh/pu/audit', { ids: tickets.map((t) => t.id) });
  const made = await accountant<{ id: string; settleNo: string }>('/api/settlement/pu/create', {
    entity: { vendorId, periodFrom: wire(new Date(Date.now() - 7 * 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)) },
  });
  settleNo = made.settleNo;
});

describe('settlement dialogs', () => {
  it('1. 确认磅单 lists the candidates; the accountant leaves one out and confirms two', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/settlement', '/settlement/purchase');
    await rows(page);
    const d = await openOnSettlement(page, 'page:confirmPounds', 'pick-pounds');
    const lines = d.locator('tbody tr.ant-table-row');
    await poll(() => lines.count()).toBe(3);
    await expect(d.getByTestId('pick-totals').textContent()).resolves.toContain('¥22,500.00');
    // money as money (¥, separators, 2 decimals), weights in the plant's unit and decimals (tons, 2)
    await expect(d.getByTestId('pick-totals').textContent()).resolves.toContain('结算数量 75.00 吨');
    const cellsOf = async (no: string) => (await lines.filter({ hasText: no }).locator('td').allTextContents()).map((s) => s.trim());
    expect((await cellsOf(tickets[0].no)).slice(-3)).toEqual(['25.00', '¥300.00', '¥7,500.00']);
    const third = lines.filter({ hasText: tickets[2].no });
    await expect(third.textContent()).resolves.toContain('浙E6K003');
    await third.locator('.ant-checkbox-input').uncheck();
    await poll(() => d.getByTestId('pick-totals').textContent()).toContain('¥15,000.00');
    await screenshot(page, 'settlement-dialog-candidates');
    await d.getByTestId('pick-pounds-ok').click();
    await d.waitFor({ state: 'detached' });
    await poll(async () => (await settlementOf(settleNo)).ticket_count).toBe(2);
    expect((await settlementOf(settleNo)).total_amount).toBe('15000');
    // the list reads the settlement's figures the same way: its declared money and weight columns
    await poll(() => columnTexts(page, '结算金额')).toEqual(['¥15,000.00']);
    expect(await columnTexts(page, '净重合计(吨)')).toEqual(['50.00']);
    // the goods settlement holds a ticket by its row (no longer a mark on the ticket)
    const held = await db<{ ticket_no: string }>(
      'SELECT r.ticket_no FROM wb_settlement_row r JOIN wb_settlement s ON s.id = r.settlement_id WHERE s.settle_no = $1 ORDER BY r.ticket_no', [settleNo]);
    expect(held.map((r) => r.ticket_no)).toEqual([tickets[0].no, tickets[1].no]);

    // a settlement of the same week finds nothing left, and says which settlements hold the tickets
    const period = { vendorId, periodFrom: wire(new Date(Date.now() - 7 * 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)) };
    const other = await accountant<{ id: string; settleNo: string }>('/api/settlement/pu/create', { entity: period });
    await accountant(`/api/settlement/pu/confirmPounds/${other.id}`, { ticketIds: [tickets[2].id] });
    const empty = await accountant<{ id: string; settleNo: string }>('/api/settlement/pu/create', { entity: period });
    await clearSelection(page);
    const e = await openOnSettlement(page, 'page:confirmPounds', 'pick-pounds', empty.settleNo);
    const why = e.getByTestId('empty-reasons');
    await poll(() => why.textContent()).toContain(`已被结算单 ${settleNo} 占用 2 张`);
    expect(await why.textContent()).toContain(`已被结算单 ${other.settleNo} 占用 1 张`);
    expect(await why.textContent()).toContain('没有可结算的磅单');
    await screenshot(page, 'settlement-dialog-empty-reasons');
    await page.keyboard.press('Escape');
    await e.waitFor({ state: 'detached' });
    for (const x of [other, empty]) await accountant(`/api/settlement/pu/delete/${x.id}`, {});
    await clearSelection(page);
  });

  it('2. 调整 adds a rebate row of -100 with its reason', async () => {
    const { page } = stage;
    const d = await openOnSettlement(page, 'page:adjust', 'settle-adjust');
    await d.getByTestId('adjust-kind').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '返利' }).click();
    await fill(page, 'adjust-amount', '-100');
    await fill(page, 'adjust-reason', '季度返利');
    await screenshot(page, 'settlement-dialog-adjust');
    await d.getByTestId('settle-adjust-ok').click();
    await d.waitFor({ state: 'detached' });
    await poll(async () => (await settlementOf(settleNo)).total_amount).toBe('14900');
    const [row] = await db<{ reason_kind: string; reason: string; amount: string }>(
      `SELECT a.reason_kind, a.reason, trim_scale(a.amount)::text AS amount FROM wb_settlement_adjust a JOIN wb_settlement s ON s.id = a.settlement_id WHERE s.settle_no = $1`, [settleNo]);
    expect(row).toEqual({ reason_kind: 'REBATE', reason: '季度返利', amount: '-100' });
  });

  it('3. examined, 发票 records the invoice and 付款 pays in two parts; a payment beyond what is owed is refused in the dialog', async () => {
    const { page } = stage;
    await quickSearch(page, settleNo);
    await tickListRow(page, settleNo);
    await pressListButton(page, 'one:examine');
    await poll(async () => (await settlementOf(settleNo)).state).toBe('EXAMINED');

    const inv = await openOnSettlement(page, 'page:invoice', 'settle-invoice');
    await fill(page, 'invoice-no', 'FP-DLG-0001');
    await fill(page, 'invoice-amount', '14900');
    await fill(page, 'invoice-tax', '1714.16');
    await screenshot(page, 'settlement-dialog-invoice');
    await inv.getByTestId('settle-invoice-ok').click();
    await inv.waitFor({ state: 'detached' });
    await poll(async () => (await settlementOf(settleNo)).invoiced_amount).toBe('14900');

    const first = await openOnSettlement(page, 'page:payment', 'settle-payment');
    await expect(first.getByTestId('payment-owed').textContent()).resolves.toContain('¥14,900.00');
    await fill(page, 'payment-amount', '8000');
    await fill(page, 'payment-reference', 'FK-DLG-1');
    await first.getByTestId('settle-payment-ok').click();
    await first.waitFor({ state: 'detached' });
    await poll(async () => (await settlementOf(settleNo)).paid_amount).toBe('8000');

    const second = await openOnSettlement(page, 'page:payment', 'settle-payment');
    await expect(second.getByTestId('payment-owed').textContent()).resolves.toContain('¥6,900.00');
    await fill(page, 'payment-amount', '7000');
    await second.getByTestId('settle-payment-ok').click();
    await second.getByTestId('settle-payment-problem').waitFor();
    expect((await settlementOf(settleNo)).paid_amount).toBe('8000');
    await screenshot(page, 'settlement-dialog-payment-refused');
    await fill(page, 'payment-amount', '6900');
    await second.getByTestId('settle-payment-ok').click();
    await second.waitFor({ state: 'detached' });
    await poll(async () => (await settlementOf(settleNo)).state).toBe('PAID');
    expect((await settlementOf(settleNo)).paid_amount).toBe('14900');
    await screenshot(page, 'settlement-dialog-paid');
  });

  it('4. 结算管理 → 对账查询 shows the vendor\'s week: weighed, settled, unsettled, invoiced and paid', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/settlement', '/settlement/reconcile');
    const d = page.getByTestId('reconcile-page');
    const day = (offset: number) => wire(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);
    await pickDay(page, 'reconcile-from', day(-7));
    await pickDay(page, 'reconcile-to', day(1));
    await d.getByTestId('reconcile-run').click();
    const row = d.locator('tbody tr.ant-table-row').filter({ hasText: VENDOR.name });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // 车数, 净重, 金额 weighed; settled; unsettled; settlements total, invoiced, paid, unpaid
    expect(cells).toEqual([VENDOR.name, '3', '75.00', '¥22,500.00', '2', '50.00', '¥15,000.00', '1', '25.00', '¥7,500.00', '¥14,900.00', '¥14,900.00', '¥14,900.00', '¥0.00']);
    await screenshot(page, 'settlement-dialog-reconcile');
    const [file] = await Promise.all([page.waitForEvent('download'), d.getByTestId('reconcile-export').click()]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  it('5. 新建结算 on 运费结算: the demo carrier\'s week, its trips all ticked, 生成 makes the draft the list shows with its total', async () => {
    const { page } = stage;
    const [carrier] = await db<{ id: string; code: string; name: string }>(`SELECT c.id::text, c.carrier_code AS code, c.carrier_name AS name FROM md_carrier c
      JOIN md_carrier_alloc a ON a.archive_id = c.id JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' ORDER BY c.id LIMIT 1`);
    // 20 a ton on what was hauled (40 - 15 = 25 t each, nothing short): 500 a trip
    const price = await accountant('/api/freight/price/create', { entity: {
      kind: 'pu', carrierId: carrier.id, price: '20', basis: 'OUR_NET', chargeMode: 'TON', taxRate: '9', lossMode: 'PERCENT', lossValue: '0.5', effectiveFrom: '2026-01-01 00:00:00',
    } });
    await accountant('/api/freight/price/audit', { ids: [price.id] });
    const trips = [await haul(lineId, '浙E6K101', carrier.id), await haul(lineId, '浙E6K102', carrier.id)];

    await openMenuLeaf(page, '/settlement', '/settlement/freight');
    await rows(page);
    // the list's primary button is the clerk's everyday one
    expect(await listScreen(page).locator('[data-testid="list-buttons"] .ant-btn-primary').first().textContent()).toMatch(/新建结算/);
    await pressListButton(page, 'page:freightCreate');
    const d = dialog(page, 'freight-create');
    await d.getByTestId('freight-create-carrier').click();
    await page.keyboard.type(carrier.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: carrier.name }).first().click();
    const day = (offset: number) => wire(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);
    await pickDay(page, 'freight-create-from', day(-7));
    await pickDay(page, 'freight-create-to', day(1));
    // the trips are not audited yet: the empty list says so, and that the week's other tickets have no carrier
    await d.getByTestId('freight-create-search').click();
    const why = d.getByTestId('empty-reasons');
    await poll(() => why.textContent()).toContain('未审核 2 张');
    expect(await why.textContent()).toMatch(/未填承运商 \d+ 张/);
    await admin('/api/weigh/pu/audit', { ids: trips.map((t) => t.id) });
    await d.getByTestId('freight-create-search').click();
    const lines = d.locator('tbody tr.ant-table-row');
    await poll(() => lines.count()).toBe(2);
    expect((await lines.nth(0).locator('td').allTextContents()).slice(1)).toEqual([trips[0].no, '浙E6K101', expect.any(String), expect.any(String), '25.00', '¥500.00', '¥0.00']);
    await d.getByTestId('freight-pick-none').click();
    await expect.poll(() => d.getByTestId('freight-create-totals').textContent()).toContain('0');
    await d.getByTestId('freight-pick-all').click();
    expect(await d.getByTestId('freight-create-totals').textContent()).toContain('¥1,000.00');
    await screenshot(page, 'settlement-dialog-freight-create');
    await d.getByTestId('freight-create-ok').click();
    await d.waitFor({ state: 'detached' });

    const [made] = await db<{ settle_no: string; total_amount: string }>(
      `SELECT s.settle_no, trim_scale(s.total_amount)::text AS total_amount FROM wb_settlement s JOIN wb_ticket t ON t.freight_settled_by_id = s.id WHERE t.id = $1`, [trips[0].id]);
    expect(made.total_amount).toBe('1000');
    await quickSearch(page, made.settle_no);
    await poll(async () => (await rows(page)).count()).toBe(1);
    expect((await columnTexts(page, '应付运费'))[0].replace(/,/g, '')).toContain('1000');
    await screenshot(page, 'settlement-dialog-freight-created');
  });
});
