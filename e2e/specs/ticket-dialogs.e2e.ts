import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { sql } from '../support/db';
import { tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { listScreen, columnTexts, quickSearch, rows } from '../support/list-screen';
import { api, apiSignIn, signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The purchase ticket list's 扣重 and 拆分 (the operator's) and 修改单价 (the accountant's) open
// their dialogs on a real ticket, save through the real calls, and the list shows the new figures;
// a ticket audited behind the list's back is refused by the server, and the dialog says so.

const stage = useSignedInPage(USERS.operator);
let opToken: string;
let accountant: { context: BrowserContext; page: Page };
let quality: { context: BrowserContext; page: Page };
let plant: { material: string; warehouse: string };
let plateSerial = 0;

interface Made { id: string; ticketNo: string; plateNumber: string }

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

/** A manual purchase ticket made through the real create call: 40 t gross, 15 t tare, 10 a ton. */
async function ticket(): Promise<Made> {
  const plateNumber = `苏E${(7600 + plateSerial++).toString()}D`;
  const res = await api<{ success: boolean; data: Made }>(stage.server.baseUrl, opToken, 'POST', '/api/weigh/pu/create', {
    entity: { plateNumber, materialId: plant.material, warehouseId: plant.warehouse, gross: '40', tare: '15', price: '10' },
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return { ...res.body.data, id: String(res.body.data.id) };
}

/** That one ticket alone ticked: the selection survives a search, so the last one is cleared first. */
async function only(page: Page, text: string) {
  const clear = listScreen(page).getByRole('button', { name: '清空选择' });
  if (await clear.isVisible()) await clear.click();
  await quickSearch(page, text);
  await tickListRow(page, text);
  await settled(page);
}

/** Opens a ticket dialog by its list button, on the bar or under 更多 (once the menu stands still: its items slide in). */
async function press(page: Page, component: string) {
  const direct = listScreen(page).locator(`button[data-testid="btn-${component}"]`);
  if (await direct.isVisible()) return direct.click();
  await listScreen(page).getByTestId('btn-more').click();
  await settled(page);
  await page.locator(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="btn-${component}"]`).click();
}

const dialog = (page: Page, which: string) => page.locator('.ant-modal').filter({ has: page.getByTestId(`ticket-dialog-${which}`) });

async function save(page: Page, which: string) {
  await dialog(page, which).getByTestId('ticket-dialog-ok').click();
  await dialog(page, which).waitFor({ state: 'detached' });
  await rows(page);
}

// the list shows money as ¥1,214.10 and weights with the plant's decimals: read back as numbers
const numbers = async (page: Page, column: string) => (await columnTexts(page, column)).map((text) => Number(text.replace(/[¥,]/g, '')));

beforeAll(async () => {
  const [where] = await sql<{ material: string; warehouse: string }>(stage.server.databaseUrl,
    `SELECT (SELECT m.id::text FROM md_material_in_org m WHERE m.alloc_org_id = u.current_org_id ORDER BY m.id LIMIT 1) AS material,
            (SELECT w.id::text FROM md_warehouse w WHERE w.org_id = u.current_org_id ORDER BY w.id LIMIT 1) AS warehouse
       FROM sys_user u WHERE u.username = 'operator'`);
  plant = { material: where?.material as string, warehouse: where?.warehouse as string };
  opToken = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.operator.username, USERS.operator.password);
  accountant = await newPage(stage.browser, stage.server.baseUrl);
  await signIn(accountant.page, stage.server.databaseUrl, USERS.accountant);
  quality = await newPage(stage.browser, stage.server.baseUrl);
  await signIn(quality.page, stage.server.databaseUrl, USERS.quality);
});

afterAll(async () => {
  await accountant?.context.close();
  await quality?.context.close();
});

describe('the ticket dialogs', () => {
  it('扣重: the operator types a deduction, sees the net it makes, saves, and the list shows it', async () => {
    const { page } = stage;
    const t = await ticket();
    await openMenuLeaf(page, '/weigh', '/weigh/pu');
    await only(page, t.ticketNo);
    await press(page, 'page:deductTicket');
    const box = dialog(page, 'deduct');
    await expect.poll(() => box.getByTestId('deduct-current-net').textContent()).toBe('25.00');
    await box.getByTestId('deduct-value-water').fill('0.5');
    await box.getByTestId('deduct-mode-impurity').getByText('扣率(%)').click();
    await box.getByTestId('deduct-value-impurity').fill('2');
    // 25 - 0.5 - 2 % of 25
    await expect.poll(() => box.getByTestId('deduct-result-net').textContent()).toBe('24.00');
    await settled(page);
    await screenshot(page, 'ticket-dialog-deduct');
    await save(page, 'deduct');
    expect(await numbers(page, '扣重(吨)')).toEqual([1]);
    expect(await numbers(page, '净重(吨)')).toEqual([24]);
    expect(await numbers(page, '金额')).toEqual([240]);
  });

  it('拆分: the operator splits a ticket into parts that add up, and the list shows both tickets', async () => {
    const { page } = stage;
    const t = await ticket();
    await only(page, t.ticketNo);
    await press(page, 'page:splitTicket');
    const box = dialog(page, 'split');
    await expect.poll(() => box.getByTestId('split-part-0').inputValue()).toBe('12.5');
    await box.getByTestId('split-part-0').fill('15');
    await expect.poll(() => box.getByTestId('split-difference').textContent()).toBe('-2.50');
    expect(await box.getByTestId('ticket-dialog-ok').isEnabled()).toBe(false);
    await box.getByTestId('split-part-1').fill('10');
    await expect.poll(() => box.getByTestId('split-adds-up').textContent()).toBe('合计等于净重');
    await settled(page);
    await screenshot(page, 'ticket-dialog-split');
    await save(page, 'split');
    await quickSearch(page, t.plateNumber);
    expect((await numbers(page, '净重(吨)')).sort((a, b) => a - b)).toEqual([10, 15]);
    expect((await numbers(page, '毛重(吨)')).reduce((s, g) => s + g, 0)).toBe(40);
  });

  it('库存地址: the operator names the bay a ticket was unloaded at, from its warehouse\'s addresses', async () => {
    const { page } = stage;
    const [bay] = await sql<{ id: string }>(stage.server.databaseUrl,
      `INSERT INTO md_stock_address (org_id, warehouse_id, address_code, address_name, kind)
       SELECT w.org_id, w.id, 'E2E-B1', '一号垛位', 'BAY' FROM md_warehouse w WHERE w.id = $1 RETURNING id::text`, [plant.warehouse]);
    const t = await ticket();
    await openMenuLeaf(page, '/weigh', '/weigh/pu');
    await only(page, t.ticketNo);
    await press(page, 'page:ticketStockAddress');
    const box = dialog(page, 'address');
    await box.getByTestId('address-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('E2E-B1 一号垛位', { exact: false }).click();
    await save(page, 'address');
    const [row] = await sql<{ a: string | null }>(stage.server.databaseUrl, 'SELECT stock_address_id::text AS a FROM wb_ticket WHERE id = $1', [t.id]);
    expect(row?.a).toBe(bay?.id);
  });

  it('修改单价: the accountant types a new price and the reason, sees the amount it makes, saves, and the list shows it', async () => {
    const { page } = accountant;
    const t = await ticket();
    await openMenuLeaf(page, '/weigh', '/weigh/pu');
    await only(page, t.ticketNo);
    await press(page, 'page:modifyTicketPrice');
    const box = dialog(page, 'price');
    await expect.poll(() => box.getByTestId('price-current').textContent()).toBe('¥10.00');
    await box.getByTestId('price-new').fill('12.345');
    // 25 x 12.345 = 308.625, to the 2 decimals of money, half up
    await expect.poll(() => box.getByTestId('price-new-amount').textContent()).toBe('¥308.63');
    await box.getByTestId('price-reason').fill('按合同调整');
    await settled(page);
    await screenshot(page, 'ticket-dialog-price');
    await save(page, 'price');
    expect(await numbers(page, '单价')).toEqual([12.345]);
    expect(await numbers(page, '金额')).toEqual([308.63]);
  });

  it('检尺: the operator measures the load of a material bought by volume, and the list shows the gauged m3', async () => {
    const { page } = stage;
    await sql(stage.server.databaseUrl, `UPDATE md_material SET gauged = true, density = 1.65, gauge_to_tons = true WHERE id = ${Number(plant.material)}`);
    const t = await ticket();
    await only(page, t.ticketNo);
    await press(page, 'page:gaugeTicket');
    const box = dialog(page, 'gauge');
    await expect.poll(() => box.getByTestId('gauge-current').textContent()).toBe('尚未检尺');
    await box.getByTestId('gauge-length').fill('6.25');
    await box.getByTestId('gauge-width').fill('2.35');
    await box.getByTestId('gauge-height').fill('1.18');
    // a photo of the load, through the same upload the forms use
    await box.getByTestId('gauge-photos').locator('input[type="file"]').setInputFiles({ name: '装载.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
    await box.getByTestId('gauge-photos').locator('.wb-image-thumb img').waitFor();
    await settled(page);
    await screenshot(page, 'ticket-dialog-gauge');
    await save(page, 'gauge');
    // 6.25 x 2.35 x 1.18 = 17.33125, kept to three decimals
    expect(await numbers(page, '检尺方量(m³)')).toEqual([17.331]);
    const [kept] = await sql<{ photos: number }>(stage.server.databaseUrl, 'SELECT cardinality(photo_file_ids) AS photos FROM wb_ticket_gauge WHERE ticket_id = $1', [Number(t.id)]);
    expect(kept?.photos).toBe(1);
    // the ticket's pictures show the gauger's photo beside the snapshots
    await press(page, 'page:ticketPictures');
    const photo = page.getByTestId('ticket-picture').filter({ hasText: '检尺照片' });
    await photo.locator('img').waitFor();
    await page.locator('.ant-modal').filter({ has: photo }).locator('.ant-modal-close').click();
    await photo.waitFor({ state: 'detached' });
  });

  it('批次号: the operator names the production batch of a sales ticket, and the list shows it', async () => {
    const { page } = stage;
    await sql(stage.server.databaseUrl, `UPDATE md_material SET batch_managed = true WHERE id = ${Number(plant.material)}`);
    const made = await api<{ success: boolean }>(stage.server.baseUrl, opToken, 'POST', '/api/masterdata/batch/create', { entity: { batchNo: 'PC-E2E-01', quantity: '500' } });
    expect(made.body.success, JSON.stringify(made.body)).toBe(true);
    const res = await api<{ success: boolean; data: Made }>(stage.server.baseUrl, opToken, 'POST', '/api/weigh/sa/create', {
      entity: { plateNumber: `苏E${(7600 + plateSerial++).toString()}D`, materialId: plant.material, warehouseId: plant.warehouse, gross: '40', tare: '15', price: '300' },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    await openMenuLeaf(page, '/weigh', '/weigh/sa');
    await only(page, res.body.data.ticketNo);
    await press(page, 'page:ticketBatch');
    const box = dialog(page, 'batch');
    await expect.poll(() => box.getByTestId('batch-current').textContent()).toBe('无');
    await box.getByTestId('batch-select').click();
    await page.keyboard.type('PC-E2E-01');
    await page.locator('.ant-select-item-option').filter({ hasText: 'PC-E2E-01' }).click();
    await save(page, 'batch');
    expect(await columnTexts(page, '批次号')).toEqual(['PC-E2E-01']);
    // the batch archive's 批次详情: its ticket, and 500 t less the ticket's 25 t remaining
    await openMenuLeaf(page, '/masterdata', '/masterdata/batch');
    await only(page, 'PC-E2E-01');
    await press(page, 'page:batchDetail');
    const detail = page.getByTestId('batch-detail');
    await expect.poll(() => detail.getByTestId('batch-remaining').textContent()).toBe('475.00');
    expect(await detail.getByTestId('batch-tickets').textContent()).toContain(res.body.data.ticketNo);
    await page.locator('.ant-modal').filter({ has: detail }).locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'detached' });
    await openMenuLeaf(page, '/weigh', '/weigh/pu');
  });

  it('开仓 and 检验值: the lab opens a new batch on a silo with its product and declared quantity, then enters its test values', async () => {
    const { page } = quality;
    await sql(stage.server.databaseUrl, `UPDATE md_material SET batch_managed = true WHERE id = ${Number(plant.material)};
      INSERT INTO md_silo (org_id, warehouse_id, silo_code, silo_name) SELECT w.org_id, w.id, 'E2E-S2', 'E2E筒仓' FROM md_warehouse w WHERE w.id = ${Number(plant.warehouse)}
      ON CONFLICT DO NOTHING`);
    await openMenuLeaf(page, '/masterdata', '/masterdata/batch');
    // the list and its buttons stand before one is looked for
    await rows(page);
    await settled(page);
    await press(page, 'page:batchOpen');
    const open = page.locator('.ant-modal').filter({ has: page.getByTestId('ticket-dialog-open') });
    await open.getByTestId('open-batch-no').fill('PC-E2E-LAB');
    await open.getByTestId('open-quantity').fill('320.5');
    await open.getByTestId('open-silo').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: 'E2E筒仓' }).click();
    // the silo's list closed (it animates out) before the product's opens: else the first option seen is the silo's
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').filter({ visible: true }).count()).toBe(0);
    await open.getByTestId('open-product').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await settled(page);
    await screenshot(page, 'batch-open');
    await open.getByTestId('ticket-dialog-ok').click();
    await open.waitFor({ state: 'detached' });
    await only(page, 'PC-E2E-LAB');
    expect(await columnTexts(page, '筒仓')).toEqual(['E2E筒仓']);
    expect(await numbers(page, '剩余量(吨)')).toEqual([320.5]);

    await press(page, 'page:batchTests');
    const tests = page.locator('.ant-modal').filter({ has: page.getByTestId('ticket-dialog-tests') });
    await tests.getByTestId('tests-add').click();
    await tests.getByTestId('tests-item-0').fill('3天抗压强度');
    await tests.getByTestId('tests-value-0').fill('28.6');
    await tests.getByTestId('tests-unit-0').fill('MPa');
    await tests.getByTestId('tests-add').click();
    await tests.getByTestId('tests-item-1').fill('细度');
    await tests.getByTestId('tests-value-1').fill('1.8');
    await tests.getByTestId('tests-unit-1').fill('%');
    await tests.getByTestId('ticket-dialog-ok').click();
    await tests.waitFor({ state: 'detached' });
    await press(page, 'page:batchDetail');
    const detail = page.getByTestId('batch-detail');
    await expect.poll(() => detail.textContent()).toContain('3天抗压强度 28.6MPa；细度 1.8%');
    // 批次质量报告 of 报表中心, opened from the detail with the batch filled in
    await detail.getByTestId('batch-report-link').click();
    await detail.waitFor({ state: 'detached' });
    const report = page.locator('[data-testid="report-viewer"]:visible');
    await expect.poll(() => report.getByTestId('report-param-batchNo').inputValue()).toBe('PC-E2E-LAB');
    await expect.poll(() => report.getByTestId('report-table').locator('tr.ant-table-row').first().textContent()).toContain('PC-E2E-LAB');
    expect(await report.getByTestId('report-table').textContent()).toContain('细度 1.8%');
    await openMenuLeaf(page, '/masterdata', '/masterdata/batch');
  });

  it('shows the server’s refusal of a ticket audited since the list was read, and then offers 扣重 no more', async () => {
    const { page } = stage;
    const t = await ticket();
    await only(page, t.ticketNo);
    const audited = await api<{ success: boolean }>(stage.server.baseUrl, opToken, 'POST', '/api/weigh/pu/audit', { ids: [t.id] });
    expect(audited.body.success).toBe(true);
    await press(page, 'page:deductTicket');
    const box = dialog(page, 'deduct');
    await expect.poll(() => box.getByTestId('deduct-current-net').textContent()).toBe('25.00');
    await box.getByTestId('deduct-value-stone').fill('0.2');
    await box.getByTestId('ticket-dialog-ok').click();
    await expect.poll(() => box.getByTestId('ticket-dialog-refusal').textContent()).toContain(`磅单 ${t.ticketNo} 已审核，不能扣重，请先反审核`);
    await settled(page);
    await screenshot(page, 'ticket-dialog-refusal');
    await box.getByRole('button', { name: /取\s*消/ }).click();
    await box.waitFor({ state: 'detached' });
    expect(await numbers(page, '净重(吨)')).toEqual([25]);
    await only(page, t.ticketNo);
    const direct = listScreen(page).locator('button[data-testid="btn-page:deductTicket"]');
    if (await direct.isVisible()) expect(await direct.isEnabled()).toBe(false);
    else {
      await listScreen(page).getByTestId('btn-more').click();
      const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ has: page.getByTestId('btn-page:deductTicket') });
      expect(await item.getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
    }
  });
});
