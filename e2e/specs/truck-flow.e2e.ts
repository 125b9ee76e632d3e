import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { childRows, formDialog, formItem, openListForm, tableButton } from '../support/child-table';
import { pickFromPopup, pressListButton, tickListRow, typeChildCell, typeDateTime } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { confirmDialog, openMenuLeaf, settled } from '../support/workspace';

// One purchase truck and one sales truck from notice to gate-out, through the screens only: the
// notice made and audited, the registry made, audited and let in, the first weighing on the weighing
// screen, the site confirmation, the second weighing, the ticket audited and posted, the truck let out.
// Every number on the ticket, on the notice line and in stock is checked in the database.

const stage = useSignedInPage(USERS.admin);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 150 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

interface Trip {
  kind: 'pu' | 'sa';
  area: '/purchase' | '/sale';
  partnerLabel: string;
  partner: string;
  material: string;
  warehouse: string;
  plate: string;
  first: string;
  second: string;
}

/** The notice with one line, made in the master-child form and audited from the list; its number. */
async function makeNotice(page: Page, t: Trip): Promise<string> {
  await openMenuLeaf(page, '/notice', `/notice/${t.kind}`);
  await rows(page);
  const form = await openListForm(page, 'btn-create');
  await pickFromPopup(page, form, t.partnerLabel, t.partner);
  await typeDateTime(form, '开始时间', '2026-01-01 00:00:00');
  await typeDateTime(form, '结束时间', '2035-12-31 23:59:59');
  if ((await childRows(form).count()) === 0) await tableButton(form, /新\s*增/).click();
  await typeChildCell(form, 0, '物料编码', t.material);
  await typeChildCell(form, 0, '仓库编码', t.warehouse);
  await typeChildCell(form, 0, '数量', '500');
  await formDialog(page).locator('[data-action="submit"]').click();
  await formDialog(page).waitFor({ state: 'detached' });
  const latest = async () => (await db<{ notice_no: string }>(`SELECT notice_no FROM wb_notice WHERE kind = $1 ORDER BY id DESC LIMIT 1`, [t.kind]))[0]?.notice_no;
  await poll(latest).toBeTruthy();
  const no = (await latest()) as string;
  await tickListRow(page, no);
  await pressListButton(page, 'audit');
  await poll(async () => (await db<{ doc_status: string }>('SELECT doc_status FROM wb_notice WHERE notice_no = $1', [no]))[0].doc_status).toBe('AUDITED');
  return no;
}

/** The registry for the truck on that notice, audited and let through the gate. */
async function registerAndLetIn(page: Page, t: Trip, noticeNo: string): Promise<void> {
  await openMenuLeaf(page, '/registry', `/registry/${t.kind}`);
  await rows(page);
  await pressListButton(page, 'create');
  const form = page.locator('.wb-form-dialog').last();
  await form.locator('.wb-template-form').waitFor();
  await formItem(form, '车牌号').locator('input').fill(t.plate);
  await pickFromPopup(page, form, '通知单明细', noticeNo);
  await formItem(form, '预装数').locator('input').fill('30');
  if (t.kind === 'pu') await formItem(form, '原发数').locator('input').fill('32');
  await formItem(form, '司机').locator('input').fill('陈师傅');
  await form.locator('[data-action="submit"]').click();
  await form.waitFor({ state: 'detached' });
  await tickListRow(page, t.plate);
  await pressListButton(page, 'audit');
  await poll(async () => (await registry(t.plate)).doc_status).toBe('AUDITED');
  await tickListRow(page, t.plate);
  await pressListButton(page, 'batch:letin');
  await poll(async () => (await registry(t.plate)).trip_state).toBe('ENTERED');
}

/** A weighing on the weighing screen, waiting until its result panel shows the answer. */
async function weigh(page: Page, t: Trip, which: 'first' | 'second', weight: string): Promise<void> {
  await openMenuLeaf(page, '/weigh', '/weigh/station');
  const station = page.getByTestId('weighing-station');
  const shown = async () => ((await station.getByTestId('result-ticket-no').count())
    ? `${await station.getByTestId('result-ticket-no').textContent()} ${await station.getByTestId('result-state').textContent()}` : '');
  await station.getByTestId('station-kind').getByText(t.kind === 'pu' ? '采购' : '销售', { exact: true }).click();
  await station.getByTestId('station-plate').fill(t.plate);
  // before weighing, the truck card names its notice and material, and its first weighing once there is one
  const first = station.getByTestId('truck-first');
  await first.waitFor();
  expect(await station.getByTestId('truck-notice').textContent()).toMatch(/\S/);
  expect(await station.getByTestId('truck-material').textContent()).toMatch(/\S/);
  if (which === 'first') expect(await first.textContent()).toBe('尚未一次过磅');
  else await poll(async () => await first.textContent()).toMatch(/^(毛重|皮重) \d/);
  await station.getByTestId('station-weight').fill(weight);
  const before = await shown();
  await station.getByTestId(`station-${which}`).click();
  await poll(shown).not.toBe(before);
}

/** The site confirmation at the unloading or loading point, with a deduction in tons when given. */
async function confirmAtSite(page: Page, t: Trip, ticketId: string, waterTons: string | null): Promise<void> {
  await openMenuLeaf(page, t.area, `${t.area}/confirm`);
  const grid = page.getByTestId(`confirm-grid-${t.kind}`);
  await grid.getByTestId(`confirm-CONFIRM-${ticketId}`).click();
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('deduction-table') });
  await dialog.waitFor();
  if (waterTons) await dialog.getByTestId('deduct-WATER').fill(waterTons);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await poll(async () => (await ticket(t.plate)).state).toBe('CONFIRMED');
}

async function auditAndPost(page: Page, t: Trip, ticketNo: string): Promise<void> {
  await openMenuLeaf(page, '/weigh', `/weigh/${t.kind}`);
  await rows(page);
  await tickListRow(page, ticketNo);
  await pressListButton(page, 'audit');
  await poll(async () => (await ticket(t.plate)).state).toBe('AUDITED');
  await tickListRow(page, ticketNo);
  await pressListButton(page, 'batch:down');
  await poll(async () => (await ticket(t.plate)).state).toBe('POSTED');
}

async function letOut(page: Page, t: Trip): Promise<void> {
  await openMenuLeaf(page, '/registry', `/registry/${t.kind}`);
  await rows(page);
  await tickListRow(page, t.plate);
  await pressListButton(page, 'batch:letout');
  await confirmDialog(page, '确认放行所选车辆出厂?');
  await poll(async () => (await registry(t.plate)).trip_state).toBe('RELEASED');
}

const registry = async (plate: string) => (await db<{ doc_status: string; trip_state: string; reserved: string }>(
  'SELECT doc_status, trip_state, reserved_quantity::text AS reserved FROM wb_registry WHERE plate_number = $1', [plate]))[0];
const ticket = async (plate: string) => (await db<{ id: string; ticket_no: string; state: string; gross: string; tare: string; deduct_total: string; net: string; line_id: string }>(
  `SELECT id::text, ticket_no, state, trim_scale(gross)::text AS gross, trim_scale(tare)::text AS tare, trim_scale(deduct_total)::text AS deduct_total,
          trim_scale(net)::text AS net, notice_line_id::text AS line_id FROM wb_ticket WHERE plate_number = $1`, [plate]))[0];
const line = async (id: string) => (await db<{ done: string; trips: number; in_transit: string }>(
  'SELECT trim_scale(done_quantity)::text AS done, done_trips AS trips, trim_scale(in_transit)::text AS in_transit FROM wb_notice_line WHERE id = $1', [id]))[0];
const balance = async (warehouse: string, material: string) => Number((await db<{ q: string | null }>(
  `SELECT sum(b.quantity)::text AS q FROM wb_stock_balance b JOIN md_warehouse w ON w.id = b.warehouse_id JOIN md_material m ON m.id = b.material_id
    JOIN sys_org o ON o.id = b.org_id WHERE o.org_code = 'HDSN' AND w.ware_code = $1 AND m.inv_code = $2`, [warehouse, material]))[0].q ?? 0);

async function driveTruck(t: Trip, water: string | null, expected: { gross: string; tare: string; deduct: string; net: string }, stockDelta: number) {
  const { page } = stage;
  const stockBefore = await balance(t.warehouse, t.material);
  const noticeNo = await makeNotice(page, t);
  await registerAndLetIn(page, t, noticeNo);
  await weigh(page, t, 'first', t.first);
  const first = await ticket(t.plate);
  expect(first.state).toBe('FIRST_WEIGHED');
  await confirmAtSite(page, t, first.id, water);
  await weigh(page, t, 'second', t.second);
  const station = page.getByTestId('weighing-station');
  // in the plant's unit and decimals (tons, 2), as the tickets show it
  expect(await station.getByTestId('result-net').textContent()).toBe(`${Number(expected.net).toFixed(2)} 吨`);
  await settled(page);
  await screenshot(page, `truck-flow-${t.kind}-station`);
  const done = await ticket(t.plate);
  expect(done).toMatchObject({ state: 'COMPLETED', gross: expected.gross, tare: expected.tare, deduct_total: expected.deduct, net: expected.net });
  expect(await line(done.line_id)).toEqual({ done: expected.net, trips: 1, in_transit: '0' });
  await auditAndPost(page, t, done.ticket_no);
  expect(await balance(t.warehouse, t.material)).toBeCloseTo(stockBefore + stockDelta, 4);
  await letOut(page, t);
  expect((await registry(t.plate)).reserved).toBe('0.0000');
}

// a whole trip is some forty clicks on eight screens
const TRIP_TIMEOUT = 240_000;

describe('a truck from notice to gate-out', () => {
  it('purchase: limestone in, weighed gross then tare, 0.5 t water deducted at the yard, into stock', async () => {
    await driveTruck(
      { kind: 'pu', area: '/purchase', partnerLabel: '供应商', partner: '湖州明达矿业有限公司', material: '0101001', warehouse: 'CK01', plate: '浙E9P001', first: '48.26', second: '16.12' },
      '0.5', { gross: '48.26', tare: '16.12', deduct: '0.5', net: '31.64' }, 31.64,
    );
  }, TRIP_TIMEOUT);

  it('sales: bulk cement out, weighed tare then gross, confirmed at the silo, out of stock', async () => {
    await driveTruck(
      { kind: 'sa', area: '/sale', partnerLabel: '客户', partner: '湖州市城建工程有限公司', material: '0502001', warehouse: 'CK05', plate: '浙E9S001', first: '15.3', second: '49.8' },
      null, { gross: '49.8', tare: '15.3', deduct: '0', net: '34.5' }, -34.5,
    );
  }, TRIP_TIMEOUT);
});
