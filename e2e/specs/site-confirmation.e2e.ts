import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { USERS } from '../support/login';
import { confirmDialog, openMenuLeaf, settled } from '../support/workspace';

// Site confirmation at the unloading point and at purchase sampling, as the plant's people use the
// grids: each press checked in what the server stored.

const stage = useSignedInPage(USERS.admin);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = () => stage.server.databaseUrl;

/** A purchase truck of the demo company weighed once (gross 48.2 t), holding 30 t of its notice line. */
async function truckAtSite(plate: string, no: string): Promise<string> {
  const [t] = await sql<{ id: string }>(db(), `
    WITH o AS (SELECT id FROM sys_org WHERE org_code = 'HDSN'),
         m AS (SELECT a.archive_id FROM md_material_alloc a, o WHERE a.org_id = o.id ORDER BY a.archive_id LIMIT 1),
         v AS (SELECT a.archive_id FROM md_vendor_alloc a, o WHERE a.org_id = o.id ORDER BY a.archive_id LIMIT 1),
         n AS (INSERT INTO wb_notice (org_id, kind, notice_no, doc_status, vendor_id, start_time, end_time)
               SELECT o.id, 'pu', 'CGTZ-E-${no}', 'AUDITED', v.archive_id, now() - interval '1 day', now() + interval '1 day' FROM o, v RETURNING id, org_id),
         l AS (INSERT INTO wb_notice_line (org_id, notice_id, seq, material_id, quantity, max_limit, in_transit, in_transit_trips)
               SELECT n.org_id, n.id, 1, m.archive_id, 100, 100, 30, 1 FROM n, m RETURNING id, notice_id, org_id, material_id)
    INSERT INTO wb_ticket (org_id, kind, ticket_no, state, notice_id, notice_line_id, material_id, vendor_id, plate_number, first_is, gross, gross_time, reserved_quantity)
    SELECT l.org_id, 'pu', 'CGBD-E-${no}', 'FIRST_WEIGHED', l.notice_id, l.id, l.material_id, v.archive_id, '${plate}', 'GROSS', 48.2, now(), 30 FROM l, v
    RETURNING id`);
  return String(t.id);
}

const ticket = (id: string) => sql<{ state: string; re_nums: number | null; close_kind: string | null; sample_state: string | null; sample_count: number | null }>(db(),
  `SELECT state, re_nums, close_kind, sample_state, sample_count FROM wb_ticket WHERE id = ${id}`).then((r) => r[0]);

describe('site confirmation', () => {
  it('confirms a truck at the unloading point with a water deduction and its pieces', async () => {
    const id = await truckAtSite('晋E20001', '1');
    const other = await truckAtSite('晋E20002', '2');
    await openMenuLeaf(stage.page, '/purchase', '/purchase/confirm');
    const grid = stage.page.getByTestId('confirm-grid-pu');
    await grid.getByTestId(`confirm-CONFIRM-${id}`).waitFor();
    expect(await grid.getByTestId(`confirm-SINGLE_WEIGH-${id}`).textContent()).toBe('车辆重出');
    await settled(stage.page);
    await screenshot(stage.page, 'confirm-purchase-grid');
    await grid.getByTestId(`confirm-CONFIRM-${id}`).click();
    const dialog = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('deduction-table') });
    await dialog.waitFor();
    await dialog.getByTestId('deduct-WATER').fill('0.5');
    await dialog.getByTestId('deduct-pieces').fill('12');
    await settled(stage.page);
    await screenshot(stage.page, 'confirm-purchase-deductions');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(() => ticket(id)).toMatchObject({ state: 'CONFIRMED', re_nums: 12 });
    expect(await sql(db(), `SELECT kind, mode, value::text FROM wb_ticket_deduction WHERE ticket_id = ${id}`)).toEqual([{ kind: 'WATER', mode: 'AMOUNT', value: '0.5000' }]);
    await grid.getByTestId(`confirm-CONFIRM_AGAIN-${id}`).waitFor();

    await grid.getByTestId(`confirm-SINGLE_EMPTY-${other}`).click();
    await confirmDialog(stage.page, '车辆空出');
    await poll(() => ticket(other)).toMatchObject({ state: 'CLOSED', close_kind: 'SINGLE_EMPTY' });
    await grid.getByTestId(`confirm-SINGLE_EMPTY-${other}`).waitFor({ state: 'detached' });
  });

  it('names the stock address the load went into in the confirmation dialog', async () => {
    const id = await truckAtSite('晋E20004', '4');
    const [a] = await sql<{ id: string }>(db(), `
      WITH w AS (SELECT id, org_id FROM md_warehouse WHERE org_id = (SELECT id FROM sys_org WHERE org_code = 'HDSN') ORDER BY id LIMIT 1),
           t AS (UPDATE wb_ticket SET warehouse_id = (SELECT id FROM w) WHERE id = ${id} RETURNING id)
      INSERT INTO md_stock_address (org_id, warehouse_id, address_code, address_name, kind)
      SELECT w.org_id, w.id, 'E-CA-1', '东区1号仓位', 'SILO_POSITION' FROM w, t RETURNING id::text`);
    await openMenuLeaf(stage.page, '/purchase', '/purchase/confirm');
    const grid = stage.page.getByTestId('confirm-grid-pu');
    // the grid's tab is open from the step before: read it again for the new truck
    await grid.getByTestId('list-query').click();
    await grid.getByTestId(`confirm-CONFIRM-${id}`).click();
    const dialog = stage.page.locator('.ant-modal').filter({ has: stage.page.getByTestId('deduction-table') });
    const picker = dialog.getByTestId('confirm-stock-address');
    await picker.click();
    await stage.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'E-CA-1 东区1号仓位' }).click();
    await settled(stage.page);
    await screenshot(stage.page, 'confirm-stock-address');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(async () => (await sql<{ a: string | null; state: string }>(db(), `SELECT stock_address_id::text AS a, state FROM wb_ticket WHERE id = ${id}`))[0])
      .toEqual({ a: a.id, state: 'CONFIRMED' });
  });

  it('judges a sample 不合格 with the date and sample count dialog', async () => {
    await sql(db(), `UPDATE md_material SET is_sample = true WHERE id IN (SELECT material_id FROM wb_ticket WHERE ticket_no LIKE 'CGBD-E-%')`);
    const id = await truckAtSite('晋E20003', '3');
    await openMenuLeaf(stage.page, '/purchase', '/purchase/sampling');
    const grid = stage.page.getByTestId('confirm-grid-pu-sampling');
    const bad = grid.getByTestId(`confirm-CONFIRM_NOT-${id}`);
    await bad.waitFor();
    expect(await bad.textContent()).toBe('不合格');
    expect(await grid.getByTestId(`confirm-CONFIRM-${id}`).textContent()).toBe('合格');
    await bad.click();
    const dialog = stage.page.locator('.ant-modal').filter({ hasText: '取样数' });
    await dialog.waitFor();
    await dialog.locator('.ant-input-number input').fill('3');
    await settled(stage.page);
    await screenshot(stage.page, 'confirm-sampling-dialog');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await poll(() => ticket(id)).toMatchObject({ state: 'FIRST_WEIGHED', sample_state: 'UNQUALIFIED', sample_count: 3 });
    await grid.getByTestId(`confirm-CONFIRM_AGAIN-${id}`).waitFor();
    expect(await grid.getByTestId(`confirm-CONFIRM_NOT-${id}`).count()).toBe(0);
  });
});
