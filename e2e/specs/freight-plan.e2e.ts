import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { formDialog, formItem, openListForm } from '../support/child-table';
import { pickFromPopup, pressListButton, tickListRow, typeDateTime } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { chooseOption, listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The accountant's 运费计划价: a plan for the demo's raw-material carrier made through the form and
// audited, its pound list edited in 编辑磅单 (two of the carrier's weighed tickets added), confirmed
// with their freight, a remittance and a fuel-card advance recorded in their dialogs, the plan read
// in 详情 and printed.

const stage = useSignedInPage(USERS.accountant);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const dialog = (page: Page, kind: string) => page.locator('.ant-modal').filter({ has: page.getByTestId(`plan-dialog-${kind}`) });

let carrier = '';
let tickets: { id: string; ticket_no: string }[] = [];

beforeAll(async () => {
  const [c] = await db<{ id: string; carrier_name: string }>("SELECT id::text, carrier_name FROM md_carrier WHERE carrier_code = 'CYS002'");
  carrier = c.carrier_name;
  // two weighed purchase trucks hauled by that carrier, written as the weighing family leaves them
  for (const [i, net] of ['30.5', '28'].entries()) {
    await db(`
      INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, carrier_id, plate_number, first_is,
                             gross, gross_time, tare, tare_time, tare_source, net, shipped_quantity, completed_at)
      SELECT o.id, 'pu', 'E2EYF' || $1, 'COMPLETED', m.archive_id, v.archive_id, $3::bigint, '浙E7Y00' || $1, 'GROSS',
             15 + $2::numeric, now(), 15, now(), 'WEIGHED', $2::numeric, $2::numeric + 0.2, now()
        FROM sys_org o,
             LATERAL (SELECT archive_id FROM md_material_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) m,
             LATERAL (SELECT archive_id FROM md_vendor_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) v
       WHERE o.org_code = 'HDSN'`, [String(i), net, c.id]);
  }
  tickets = await db<{ id: string; ticket_no: string }>("SELECT id::text, ticket_no FROM wb_ticket WHERE ticket_no LIKE 'E2EYF%' ORDER BY id");
});

const plans = () => db<{ id: string; plan_no: string; doc_status: string; confirmed: boolean; tickets: number; remitted: string; advanced: string }>(
  `SELECT p.id::text, p.plan_no, p.doc_status, p.pounds_confirmed_at IS NOT NULL AS confirmed,
          (SELECT count(*)::int FROM wb_freight_plan_ticket x WHERE x.plan_id = p.id) AS tickets,
          (SELECT trim_scale(coalesce(sum(amount), 0))::text FROM wb_freight_remittance r WHERE r.plan_id = p.id) AS remitted,
          (SELECT trim_scale(coalesce(sum(amount), 0))::text FROM wb_freight_fuel_advance a WHERE a.plan_id = p.id) AS advanced
     FROM wb_freight_plan p WHERE p.remark = 'E2E 运费计划' ORDER BY p.id`);

describe('a freight plan on the screen', () => {
  let planNo = '';

  it('makes a plan for the carrier through the form and audits it', async () => {
    const { page } = stage;
    expect(tickets).toHaveLength(2);
    await openMenuLeaf(page, '/freight', '/freight/plan-price');
    await rows(page);
    const form = await openListForm(page, 'btn-create');
    await chooseOption(page, formItem(form, '业务类型').locator('.ant-select'), '采购');
    await pickFromPopup(page, form, '承运商', carrier);
    await typeDateTime(form, '开始时间', `${new Date().getFullYear()}-01-01 00:00:00`);
    await formItem(form, '运价').locator('input').first().fill('28');
    await formItem(form, '备注').locator('textarea').fill('E2E 运费计划');
    await settled(page);
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });
    await poll(async () => (await plans()).length).toBe(1);
    planNo = (await plans())[0].plan_no;
    await tickListRow(page, planNo);
    await pressListButton(page, 'audit');
    await poll(async () => (await plans())[0].doc_status).toBe('AUDITED');
  });

  it('adds two of the carrier\'s tickets in 编辑磅单 and confirms the list', async () => {
    const { page } = stage;
    await settled(page);
    await tickListRow(page, planNo);
    await pressListButton(page, 'page:poundListedit');
    const box = dialog(page, 'poundListedit');
    const offered = box.getByTestId('pound-candidates');
    for (const t of tickets) {
      const row = offered.locator('tr.ant-table-row').filter({ hasText: t.ticket_no });
      await row.waitFor();
      await row.locator('.ant-checkbox-input').check();
    }
    await box.getByTestId('pound-add').click();
    await poll(() => box.getByTestId('pound-list').locator('tr.ant-table-row').count()).toBe(2);
    await screenshot(page, 'freight-plan-pound-list');
    await box.getByTestId('plan-dialog-ok').click();
    await box.waitFor({ state: 'detached' });
    await poll(async () => (await plans())[0].tickets).toBe(2);
    await settled(page);
    await tickListRow(page, planNo);
    await pressListButton(page, 'batch:confirmPounds');
    await poll(async () => (await plans())[0].confirmed).toBe(true);
  });

  it('records a remittance and a fuel-card advance, each listed in its dialog', async () => {
    const { page } = stage;
    await settled(page);
    await tickListRow(page, planNo);
    await pressListButton(page, 'page:remittance');
    const remit = dialog(page, 'remittance');
    await remit.getByTestId('remit-amount').fill('1234.5');
    await remit.getByTestId('remit-reference').fill('工行 6222 0001');
    await remit.getByTestId('plan-dialog-ok').click();
    await poll(async () => (await plans())[0].remitted).toBe('1234.5');
    await poll(() => remit.getByTestId('plan-remittances').innerText()).toContain('¥1,234.50');
    await screenshot(page, 'freight-plan-remittance');
    await page.keyboard.press('Escape');
    await remit.waitFor({ state: 'detached' });

    await tickListRow(page, planNo);
    await pressListButton(page, 'page:confirmOil');
    const oil = dialog(page, 'confirmOil');
    await oil.getByTestId('plan-dialog-ok').click();
    await poll(() => oil.innerText()).toContain('请填写油卡卡号');
    await oil.getByTestId('oil-card').fill('YK-0001');
    await oil.getByTestId('oil-amount').fill('500');
    await oil.getByTestId('plan-dialog-ok').click();
    await poll(async () => (await plans())[0].advanced).toBe('500');
    await poll(() => oil.getByTestId('plan-fuel-advances').innerText()).toContain('YK-0001');
    await page.keyboard.press('Escape');
    await oil.waitFor({ state: 'detached' });
  });

  it('reads the plan in 详情 and opens its print', async () => {
    const { page } = stage;
    await tickListRow(page, planNo);
    await pressListButton(page, 'page:detail');
    const detail = dialog(page, 'detail');
    await poll(() => detail.getByTestId('detail-pounds').locator('tr.ant-table-row').count()).toBe(2);
    expect(await detail.getByTestId('plan-remitted').innerText()).toBe('¥1,234.50');
    expect(await detail.getByTestId('plan-fuel-advanced').innerText()).toBe('¥500.00');
    expect(await detail.getByTestId('detail-pounds').innerText()).toContain(tickets[0].ticket_no);
    await screenshot(page, 'freight-plan-detail');
    await detail.locator('.ant-modal-close').click();
    await detail.waitFor({ state: 'detached' });

    await tickListRow(page, planNo);
    const printed = page.waitForResponse((r) => r.url().includes('/api/freight/plan/findPrint/'));
    await pressListButton(page, 'page:findPrint');
    const reply = await printed;
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toContain('application/pdf');
    // the print preview: the PDF in a frame of the workspace, with 打印, 下载 and 导出Excel
    const frame = page.getByTestId('pdf-preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await page.getByTestId('pdf-preview-print').waitFor();
    await screenshot(page, 'freight-plan-print');
    expect(listScreen(page)).toBeTruthy();
  });
});
