import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, screenshot } from '../support/browser';
import { formDialog, formItem, openListForm } from '../support/child-table';
import { pressListButton, tickListRow, typeDateTime } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { columnTexts, quickSearch, rows } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';
import { pageTexts } from '../../packages/server/src/domain/weighing/print/pdf-text.test-support';

// Settlement end to end, as the accountant works it. A vendor's week: three purchase trucks on a
// notice at 300 a ton (gross 40, tare 15), hauled by one carrier; the lab's quality deduction of
// 0.5 t is applied to the second truck's ticket by the weighing's 扣重 of kind quality before the
// settlement (the lab's own path applies it the same way, domain/quality), so its row settles 24.5 t.
// The accountant makes the purchase settlement on its screen, confirms its pound list, examines it,
// prints it and the PDF's figures are read back. Then the carrier's freight settlement: 20 a ton on
// what was hauled (25 t a truck), the first truck 0.2 t short of its 25.2 t shipped (0.5 % tolerance:
// 0.074 t charged at 300 = 22.2), a fuel-card advance of 300: payable 1500 - 22.2 - 300 = 1177.8,
// examined on its screen and paid in two parts.

const stage = useSignedInPage(USERS.accountant);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 150 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

const VENDOR = { code: 'JSE2E01', name: '湖州结算测试矿业有限公司' };
type Call = <T = { id: string }>(path: string, body: unknown) => Promise<T>;
let admin: Call;
let operator: Call;
let accountant: Call;
let vendorId = '';
let carrier: { id: string; name: string };
let material: { id: string };
const tickets: { id: string; no: string }[] = [];
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

async function caller(who: { username: string; password: string }): Promise<[Call, string]> {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, who.username, who.password);
  const call: Call = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await api<{ data: T }>(stage.server.baseUrl, token, 'POST', path, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  return [call, token];
}

/** A purchase truck through the gate and the scale, its shipped quantity and carrier on the registry. */
async function haul(lineId: string, plateNumber: string, shipped: string): Promise<{ id: string; no: string }> {
  const registry = await admin('/api/registry/pu/create', {
    entity: { noticeLineId: lineId, plateNumber, preQuantity: '25', shippedQuantity: shipped, carrierId: carrier.id, driverName: '孙师傅' },
  });
  await admin('/api/registry/pu/audit', { ids: [registry.id] });
  await admin('/api/registry/pu/letin', { ids: [registry.id] });
  const first = await operator<{ ticketId: string; ticketNo: string }>('/api/weigh/pu/first', { registryId: registry.id, weight: '40', stationId: 'E2E', requestId: `${plateNumber}-1`, stable: true });
  await operator('/api/weigh/pu/second', { registryId: registry.id, weight: '15', stationId: 'E2E', requestId: `${plateNumber}-2`, stable: true });
  return { id: first.ticketId, no: first.ticketNo };
}

const settlementOf = async (no: string) => (await db<{ id: string; state: string; ticket_count: number; total_amount: string; paid_amount: string }>(
  'SELECT id::text, state, ticket_count, trim_scale(total_amount)::text AS total_amount, trim_scale(paid_amount)::text AS paid_amount FROM wb_settlement WHERE settle_no = $1', [no]))[0];

beforeAll(async () => {
  [[admin], [operator], [accountant]] = await Promise.all([caller(USERS.admin), caller(USERS.operator), caller(USERS.accountant)]);
  // a vendor of its own, so the demo plant's tickets do not join its week
  const [v] = await db<{ id: string }>(`
    INSERT INTO md_vendor (group_id, org_id, vendor_code, vendor_name)
    SELECT v.group_id, v.org_id, $1, $2 FROM md_vendor v JOIN md_vendor_alloc a ON a.archive_id = v.id JOIN sys_org o ON o.id = a.org_id
     WHERE o.org_code = 'HDSN' ORDER BY v.id LIMIT 1 RETURNING id::text`, [VENDOR.code, VENDOR.name]);
  vendorId = v.id;
  await db(`INSERT INTO md_vendor_alloc (group_id, archive_id, org_id) SELECT v.group_id, v.id, o.id FROM md_vendor v, sys_org o WHERE v.id = $1 AND o.org_code = 'HDSN'`, [vendorId]);
  [carrier] = await db<{ id: string; name: string }>(`SELECT c.id::text, c.carrier_name AS name FROM md_carrier c JOIN md_carrier_alloc a ON a.archive_id = c.id
    JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' ORDER BY c.id LIMIT 1`);
  [material] = await db<{ id: string }>(
    `SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id
      WHERE o.org_code = 'HDSN' AND NOT m.scene_confirm AND m.hidden_deduct = 0 AND NOT m.overload AND m.pnmary IS NULL ORDER BY m.id LIMIT 1`);
  const notice = await admin('/api/notice/pu/create', {
    entity: { vendorId, startTime: '2026-01-01 00:00:00', endTime: '2035-12-31 23:59:59' },
    entitysub: [{ materialId: material.id, warehouseCode: 'CK01', quantity: '500', price: '300' }],
  });
  await admin('/api/notice/pu/audit', { ids: [notice.id] });
  const [line] = await db<{ id: string }>('SELECT id::text FROM wb_notice_line WHERE notice_id = $1', [notice.id]);
  tickets.push(await haul(line.id, '浙E5J001', '25.2'), await haul(line.id, '浙E5J002', '25'), await haul(line.id, '浙E5J003', '25'));
  // the lab's quality deduction on the second truck, before settling
  await operator('/api/weigh/pu/deduct', { id: tickets[1].id, deductions: [{ kind: 'quality', amount: '0.5' }] });
  await admin('/api/weigh/pu/audit', { ids: tickets.map((t) => t.id) });
  // the carrier's freight price for purchases and a fuel-card advance on its plan
  const price = await accountant('/api/freight/price/create', { entity: {
    kind: 'pu', carrierId: carrier.id, price: '20', basis: 'OUR_NET', chargeMode: 'TON', taxRate: '9', lossMode: 'PERCENT', lossValue: '0.5', effectiveFrom: '2026-01-01 00:00:00',
  } });
  await accountant('/api/freight/price/audit', { ids: [price.id] });
  const plan = await accountant('/api/freight/plan/create', { entity: { kind: 'pu', carrierId: carrier.id, materialId: material.id, startTime: '2026-01-01 00:00:00' } });
  await accountant('/api/freight/plan/audit', { ids: [plan.id] });
  await accountant(`/api/freight/plan/confirmOil/${plan.id}`, { cardNo: 'YK-E2E-01', amount: '300' });
});

describe('settlement', () => {
  let settleNo = '';

  it('1. the accountant settles the vendor\'s week on 采购结算: the pound list confirmed, one row changed by the quality deduction', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/settlement', '/settlement/purchase');
    await rows(page);
    const form = await openListForm(page, 'btn-create');
    // the vendor is past the popup's first page: searched by its code first
    await formItem(form, '供应商').locator('button').click();
    const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await popup.locator('input').first().fill(VENDOR.code);
    await popup.locator('input').first().press('Enter');
    await popup.locator('tbody tr.ant-table-row').filter({ hasText: VENDOR.name }).first().dblclick();
    await popup.waitFor({ state: 'detached' });
    await typeDateTime(form, '开始时间', wire(new Date(Date.now() - 7 * 86_400_000)));
    await typeDateTime(form, '结束时间', wire(new Date(Date.now() + 86_400_000)));
    await settled(page);
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });
    const made = async () => (await db<{ settle_no: string }>("SELECT settle_no FROM wb_settlement WHERE vendor_id = $1 AND scope = 'GOODS'", [vendorId]))[0]?.settle_no;
    await poll(made).toMatch(/^CGJS/);
    settleNo = (await made()) as string;
    await quickSearch(page, settleNo);
    await tickListRow(page, settleNo);
    // 确认磅单 lists the candidates, every one chosen: confirmed as they stand
    await pressListButton(page, 'page:confirmPounds');
    const pick = page.locator('.ant-modal').filter({ has: page.getByTestId('pick-pounds') });
    await poll(() => pick.locator('tbody tr.ant-table-row').count()).toBe(3);
    // each line shows the row it will become: the second truck settles 24.5 t (25 less the lab's 0.5) at 300, and says why
    const second = pick.locator('tbody tr.ant-table-row').filter({ hasText: tickets[1].no });
    expect(await second.getByTestId('candidate-quantity').innerText()).toBe('24.50');
    expect(await second.getByTestId('candidate-amount').innerText()).toBe('¥7,350.00');
    expect(await second.innerText()).toContain('质量扣重 0.50');
    await second.getByTestId('candidate-quantity').hover();
    const why = page.getByTestId('candidate-basis');
    await why.waitFor();
    for (const line of ['结算依据：我方净重', '我方净重(吨)：25.00', '扣重：质量扣重 0.50', '结算数量(吨)：24.50', '金额：¥7,350.00']) expect(await why.innerText()).toContain(line);
    expect(await pick.getByTestId('pick-totals').innerText()).toContain('¥22,350.00');
    await pick.getByTestId('pick-pounds-ok').click();
    await pick.waitFor({ state: 'detached' });
    await poll(async () => (await settlementOf(settleNo))?.ticket_count).toBe(3);
    const lines = await db<{ ticket_no: string; quantity: string; amount: string }>(
      `SELECT r.ticket_no, trim_scale(r.quantity)::text AS quantity, trim_scale(r.amount)::text AS amount FROM wb_settlement_row r
        JOIN wb_settlement s ON s.id = r.settlement_id WHERE s.settle_no = $1 ORDER BY r.ticket_no`, [settleNo]);
    expect(lines).toEqual([
      { ticket_no: tickets[0].no, quantity: '25', amount: '7500' },
      { ticket_no: tickets[1].no, quantity: '24.5', amount: '7350' },
      { ticket_no: tickets[2].no, quantity: '25', amount: '7500' },
    ]);
    expect((await settlementOf(settleNo)).total_amount).toBe('22350');
    // the list gives the settled quantity per unit: the tons, and apart the m3 of rows priced per m3 gauged (none here)
    await poll(async () => (await columnTexts(page, '结算数量(吨)'))[0]).toBe('74.50');
    expect((await columnTexts(page, '结算方量(m³)'))[0]).toBe('0');
    await screenshot(page, 'settlement-purchase-confirmed');
  });

  it('2. the settlement is examined on its screen and printed; the PDF reads back its figures', async () => {
    const { page } = stage;
    await tickListRow(page, settleNo);
    await pressListButton(page, 'one:examine');
    await poll(async () => (await settlementOf(settleNo)).state).toBe('EXAMINED');
    // 打印: the statement's PDF in the print preview (a frame of the workspace), with 打印 and 下载
    await tickListRow(page, settleNo);
    await pressListButton(page, 'page:printSettlement');
    const preview = page.locator('.ant-modal').filter({ has: page.getByTestId('pdf-preview') });
    const frame = preview.getByTestId('pdf-preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await preview.locator('.ant-modal-title').innerText()).toContain(settleNo);
    await preview.getByTestId('pdf-preview-print').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), preview.getByTestId('pdf-preview-download').click()]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfPath = path.join(SCREENSHOT_DIR, 'settlement-statement.pdf');
    await file.saveAs(pdfPath);
    const text = (await pageTexts(new Uint8Array(await readFile(pdfPath)))).join('\n');
    expect(text).toContain(settleNo);
    for (const t of tickets) expect(text).toContain(t.no);
    for (const figure of ['24.50', '¥7,350.00', '质量扣重 0.50', '结算金额：¥22,350.00', '制表：', '供应商签章：']) expect(text).toContain(figure);
    await screenshot(page, 'settlement-print-preview');
    await preview.locator('.ant-modal-close').click();
    await preview.waitFor({ state: 'detached' });
  });

  it('3. the carrier\'s freight settlement with a loss charge and a fuel advance is examined on 运费结算 and paid in two parts', async () => {
    const { page } = stage;
    const made = await accountant<{ id: string; settleNo: string; totals: Record<string, unknown> }>('/api/freightSettle/newCreate', {
      kind: 'pu', carrierId: carrier.id, periodFrom: wire(new Date(Date.now() - 7 * 86_400_000)), periodTo: wire(new Date(Date.now() + 86_400_000)),
      ticketIds: tickets.map((t) => t.id),
    });
    expect(made.totals).toMatchObject({ ticketCount: 3, totalFreight: '1500', totalLoss: '22.2', totalFuel: '300', payable: '1177.8' });
    await openMenuLeaf(page, '/settlement', '/settlement/freight');
    await quickSearch(page, made.settleNo);
    await poll(async () => (await rows(page)).count()).toBe(1);
    expect((await columnTexts(page, '应付运费'))[0].replace(/,/g, '')).toContain('1177.8');
    await tickListRow(page, made.settleNo);
    await pressListButton(page, 'batch:audit');
    await poll(async () => (await settlementOf(made.settleNo)).state).toBe('EXAMINED');
    // 结算操作: paid to the carrier in two parts through its dialog
    const pay = async (amount: string, reference: string) => {
      await quickSearch(page, made.settleNo);
      await tickListRow(page, made.settleNo);
      await pressListButton(page, 'page:freightOperating');
      const d = page.locator('.ant-modal').filter({ has: page.getByTestId('freight-operating') });
      await d.getByTestId('freight-amount').fill(amount);
      await d.getByTestId('freight-reference').fill(reference);
      await d.getByTestId('freight-operating-ok').click();
      await d.waitFor({ state: 'detached' });
    };
    await pay('600', 'HK-E2E-1');
    await poll(async () => (await settlementOf(made.settleNo)).paid_amount).toBe('600');
    expect((await settlementOf(made.settleNo)).state).toBe('EXAMINED');
    await pay('577.8', 'HK-E2E-2');
    await poll(async () => (await settlementOf(made.settleNo)).paid_amount).toBe('1177.8');
    expect(await settlementOf(made.settleNo)).toMatchObject({ state: 'PAID', paid_amount: '1177.8' });
    await quickSearch(page, made.settleNo);
    await poll(async () => (await columnTexts(page, '状态'))[0]).toBe('已付清');
    await screenshot(page, 'settlement-freight-paid');
  });
});
