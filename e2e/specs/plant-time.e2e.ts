import type { Page } from 'playwright-core';
import type { BrowserContext, Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from '../support/browser';
import { childRows, formDialog, openListForm, tableButton } from '../support/child-table';
import { sql } from '../support/db';
import { fieldValue, typeChildCell, typeDateTime } from '../support/document-steps';
import { useServerAndBrowser } from '../support/fixture';
import { columnTexts, quickSearch, rows } from '../support/list-screen';
import { signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The plant's clock, whatever the browser's: the plant is in Asia/Shanghai (the server's default
// PLANT_TIME_ZONE) and the same screens are read from a browser in UTC and one in New York. A truck
// completed at 23:30 and one at 00:30 plant time land on their own plant days in the ticket list,
// the team day report and the customer statement; a 调价单 生效时间 typed as 2026-11-29 00:00 reads
// back as typed; a day plan shows its day and a freight plan its start; 厂内车辆 counts the time inside from the entry instant.

let current: Page | undefined;
const stage = useServerAndBrowser(() => current);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 150 });

const DAY = '2026-11-10';
const NEXT = '2026-11-11';
const EFFECTIVE = '2026-11-29 00:00:00';
const PLAN_DAY = '2026-11-29';
const REASON = '时区核对';
let adjustNo = '';
const plantText = (d: Date) => d.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
let customer: { id: string; code: string; name: string };
let material: { id: string; code: string };

beforeAll(async () => {
  [customer] = await db<{ id: string; code: string; name: string }>(`
    SELECT c.id::text, c.customer_code AS code, c.customer_name AS name FROM md_customer c
      JOIN md_customer_alloc a ON a.archive_id = c.id JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' AND c.customer_code = 'KH0001'`);
  [material] = await db<{ id: string; code: string }>(`
    SELECT m.id::text, m.inv_code AS code FROM md_material m
      JOIN md_material_alloc a ON a.archive_id = m.id JOIN sys_org o ON o.id = a.org_id WHERE o.org_code = 'HDSN' AND m.inv_code = '0502001'`);
  // two completed purchase tickets: 23:30 of DAY and 00:30 of NEXT on the plant's clock
  for (const [no, day, clock] of [['E2ETZ1', DAY, '23:30'], ['E2ETZ2', NEXT, '00:30']]) {
    await db(`
      INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, plate_number, first_is,
                             gross, gross_time, tare, tare_time, tare_source, net, completed_at)
      SELECT o.id, 'pu', $1, 'COMPLETED', $4::bigint, v.archive_id, '浙E9T' || right($1, 3), 'GROSS', 40, t, 15, t, 'WEIGHED', 25, t
        FROM sys_org o,
             LATERAL (SELECT archive_id FROM md_vendor_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) v,
             LATERAL (SELECT ($2::date + $3::time) AT TIME ZONE 'Asia/Shanghai' AS t) w
       WHERE o.org_code = 'HDSN'`, [no, day, clock, material.id]);
  }
  // the customer's account and a consumption at each of those times
  await db(`INSERT INTO fm_account (org_id, customer_id) SELECT id, $1::bigint FROM sys_org WHERE org_code = 'HDSN' ON CONFLICT DO NOTHING`, [customer.id]);
  await db(`
    INSERT INTO fm_ledger (org_id, customer_id, at, kind, delta, doc_kind, doc_id, doc_no, material_id, net, price)
    SELECT o.id, $1::bigint, (v.day::date + v.clock::time) AT TIME ZONE 'Asia/Shanghai', 'CONSUME', -1000, 'ticket', v.n, v.no, $2::bigint, 25, 40
      FROM sys_org o, (VALUES (1, 'E2ETZ1', '${DAY}', '23:30'), (2, 'E2ETZ2', '${NEXT}', '00:30')) v(n, no, day, clock)
     WHERE o.org_code = 'HDSN'`, [customer.id, material.id]);
  // a day plan of 2026-11-29
  await db(`
    INSERT INTO sa_plan_day (org_id, plan_no, customer_id, material_id, plan_date, tons, trips)
    SELECT id, 'RJHE2ETZ01', $1::bigint, $2::bigint, '${PLAN_DAY}', 100, 4 FROM sys_org WHERE org_code = 'HDSN'`, [customer.id, material.id]);
  // a freight plan starting at the plant's midnight of 2026-11-29
  await db(`
    INSERT INTO wb_freight_plan (org_id, kind, plan_no, carrier_id, start_time)
    SELECT o.id, 'pu', 'YFJHE2ETZ01', c.archive_id, '${PLAN_DAY} 00:00:00+08'
      FROM sys_org o, LATERAL (SELECT archive_id FROM md_carrier_alloc WHERE org_id = o.id ORDER BY archive_id LIMIT 1) c
     WHERE o.org_code = 'HDSN'`);
  // a truck inside the plant (its entry time is set by each browser's step)
  await db(`
    INSERT INTO wb_registry (org_id, kind, registry_no, plate_number, pre_quantity, doc_status, trip_state, entered_at)
    SELECT id, 'st', 'QTDJE2ETZ01', '浙E9T100', 1, 'AUDITED', 'ENTERED', now() FROM sys_org WHERE org_code = 'HDSN'`);
});

/** Types a day into each input of an antd range picker, as a person does. */
async function typeRange(page: Page, inputs: ReturnType<Page['locator']>, from: string, to: string): Promise<void> {
  await inputs.first().click();
  await inputs.first().fill(from);
  await inputs.first().press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
}

describe.each(['America/New_York', 'UTC'])("a browser in %s reads the plant's times", (timezoneId) => {
  let page: BrowserPage;
  let context: BrowserContext;
  beforeAll(async () => {
    ({ context, page } = await newPage(stage.browser, stage.server.baseUrl, 'zh-CN', timezoneId));
    current = page;
    await signIn(page, stage.server.databaseUrl, USERS.admin);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('the ticket list: 23:30 and 00:30 on their own plant days', async () => {
    await openMenuLeaf(page, '/weigh', '/weigh/pu');
    await rows(page);
    await quickSearch(page, 'E2ETZ');
    await poll(async () => (await rows(page)).count()).toBe(2);
    const [nos, times] = [await columnTexts(page, '磅单号'), await columnTexts(page, '完成时间')];
    expect(Object.fromEntries(nos.map((n, i) => [n, times[i]]))).toEqual({ E2ETZ1: `${DAY} 23:30:00`, E2ETZ2: `${NEXT} 00:30:00` });
  });

  it('the team day report of DAY counts both trucks of its night shift (the plant day runs from 08:00)', async () => {
    await page.goto('/dayConditional/index');
    await page.getByTestId('day-conditions').waitFor();
    const day = page.locator('.ant-picker input');
    await day.click();
    await day.fill(DAY);
    await day.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dayInformation/index');
    expect(new URL(page.url()).searchParams.get('from')).toBe(DAY);
    const total = page.getByTestId('day-report').locator('tr.wb-report-total');
    await total.waitFor();
    expect((await total.locator('td').allTextContents()).map((s) => s.trim())).toEqual(['合计', '', '', '', '2', '50.00']);
  });

  it('the statement of DAY holds the 23:30 consumption at 23:30, and not the 00:30 one', async () => {
    await page.goto('/clouds/index');
    await openMenuLeaf(page, '/sale', '/sale/statement');
    const box = page.getByTestId('money-statement');
    await box.getByTestId('statement-customer').click();
    await page.locator('.ant-select-item-option', { hasText: `${customer.code} ${customer.name}` }).click();
    await typeRange(page, box.locator('.ant-picker-range input'), DAY, DAY);
    await page.keyboard.press('Escape');
    await box.getByTestId('statement-query').click();
    await box.getByTestId('statement-figures').waitFor();
    const line = box.locator('.ant-table-row').filter({ hasText: 'E2ETZ1' });
    await line.waitFor();
    expect((await line.locator('.ant-table-cell').allTextContents()).slice(0, 3)).toEqual([`${DAY} 23:30:00`, '消费', 'E2ETZ1']);
    expect(await box.locator('.ant-table-row').filter({ hasText: 'E2ETZ2' }).count()).toBe(0);
  });

  it('a 调价单 生效时间 typed as 2026-11-29 00:00 in New York reads back as typed in both', async () => {
    await openMenuLeaf(page, '/sale', '/sale/price-adjust');
    await rows(page);
    if (!adjustNo) {
      const form = await openListForm(page, 'btn-create');
      await typeDateTime(form, '生效时间', EFFECTIVE);
      expect(await fieldValue(form, '生效时间')).toBe(EFFECTIVE);
      await form.locator('[data-field="reason"] input').fill(REASON);
      if ((await childRows(form).count()) === 0) await tableButton(form, /新\s*增/).click();
      await typeChildCell(form, 0, '物料编码', material.code);
      await typeChildCell(form, 0, '客户编码', customer.code);
      await typeChildCell(form, 0, '新单价', '420');
      await formDialog(page).locator('[data-action="submit"]').click();
      await formDialog(page).waitFor({ state: 'detached' });
      const saved = async () => (await db<{ adjust_no: string; effective_at: Date }>('SELECT adjust_no, effective_at FROM wb_price_adjust WHERE reason = $1', [REASON]))[0];
      await poll(saved).toBeTruthy();
      const { adjust_no, effective_at } = await saved();
      // stored as the plant's midnight: 2026-11-28 16:00 UTC
      expect(effective_at.toISOString()).toBe('2026-11-28T16:00:00.000Z');
      adjustNo = adjust_no;
    }
    await quickSearch(page, adjustNo);
    await poll(async () => (await rows(page)).count()).toBe(1);
    expect(await columnTexts(page, '生效时间')).toEqual([EFFECTIVE]);
  });

  it('a day plan shows its day, a freight plan its start at the plant\'s midnight', async () => {
    await openMenuLeaf(page, '/sale', '/sale/plan-day');
    await rows(page);
    await quickSearch(page, 'RJHE2ETZ01');
    await poll(async () => (await rows(page)).count()).toBe(1);
    expect(await columnTexts(page, '计划日期')).toEqual([PLAN_DAY]);
    await openMenuLeaf(page, '/freight', '/freight/plan-price');
    await rows(page);
    await quickSearch(page, 'YFJHE2ETZ01');
    await poll(async () => (await rows(page)).count()).toBe(1);
    expect(await columnTexts(page, '开始时间')).toEqual([`${PLAN_DAY} 00:00:00`]);
  });

  it('厂内车辆: the truck entered 1 h 19 min ago, at its plant time', async () => {
    const [truck] = await db<{ entered_at: Date }>(
      `UPDATE wb_registry SET entered_at = now() - interval '79 minutes 10 seconds' WHERE registry_no = 'QTDJE2ETZ01' RETURNING entered_at`);
    const enteredText = plantText(truck.entered_at);
    await page.goto('/clouds/index');
    await openMenuLeaf(page, '/gate', '/gate/in-plant');
    const row = page.locator('tr[data-plate="浙E9T100"]');
    await row.waitFor();
    expect(await row.locator('.wb-gate-inside').textContent()).toBe('1小时19分');
    expect(await row.locator('td').allTextContents()).toContain(enteredText);
    await settled(page);
    await screenshot(page, `plant-time-in-plant-${timezoneId.replace('/', '-')}`);
  });
});
