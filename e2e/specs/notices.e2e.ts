import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { screenshot } from '../support/browser';
import { childCell, childRows, childTexts, formDialog, formItem, openListForm, tableButton } from '../support/child-table';
import { fieldValue, pickFromPopup, pressListButton, tickListRow, typeChildCell, typeDateTime } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { listScreen, rows } from '../support/list-screen';
import { api, apiSignIn, COMPANY_TRADE, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// A purchase notice as the accountant makes it: header with the vendor from its popup and the
// period, two lines typed by material code, saved and audited from the list; every figure is
// checked in the database, then a line's ceiling is raised through its dialog.

const stage = useSignedInPage(USERS.accountant);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

const VENDOR = '湖州明达矿业有限公司';

const notices = () => db<{ id: string; notice_no: string; doc_status: string; vendor: string; start_time: string; end_time: string; audited: boolean }>(
  `SELECT n.id::text, n.notice_no, n.doc_status, v.vendor_name AS vendor, to_char(n.start_time, 'YYYY-MM-DD HH24:MI:SS') AS start_time,
          to_char(n.end_time, 'YYYY-MM-DD HH24:MI:SS') AS end_time, n.audited_at IS NOT NULL AS audited
     FROM wb_notice n JOIN md_vendor v ON v.id = n.vendor_id WHERE n.kind = 'pu'`);
const lines = (noticeId: string) => db<{ seq: number; code: string; warehouse: string | null; quantity: string; control_rate: string; max_limit: string; done: string }>(
  `SELECT l.seq, m.inv_code AS code, w.ware_code AS warehouse, l.quantity::text, l.control_rate::text, l.max_limit::text, l.done_quantity::text AS done
     FROM wb_notice_line l JOIN md_material m ON m.id = l.material_id LEFT JOIN md_warehouse w ON w.id = l.warehouse_id
    WHERE l.notice_id = $1 ORDER BY l.seq`, [noticeId]);

describe('purchase notices', () => {
  let noticeNo = '';
  let noticeId = '';

  it('creates a notice with two lines through the form', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/notice', '/notice/pu');
    await rows(page);
    const form = await openListForm(page, 'btn-create');
    expect(await form.locator('.ant-modal-title').textContent()).toBe('新增采购通知单');
    await pickFromPopup(page, form, '供应商', VENDOR);
    await poll(() => fieldValue(form, '供应商')).toBe(VENDOR);
    await typeDateTime(form, '开始时间', '2026-11-01 00:00:00');
    await typeDateTime(form, '结束时间', '2030-12-31 23:59:59');
    await formItem(form, '合同号').locator('input').fill('HT-2026-088');
    // a new form starts with one blank line; the second is added from the table's toolbar
    if ((await childRows(form).count()) === 0) await tableButton(form, /新\s*增/).click();
    await typeChildCell(form, 0, '物料编码', '0101001');
    await typeChildCell(form, 0, '仓库编码', 'CK01');
    await typeChildCell(form, 0, '数量', '1000');
    await typeChildCell(form, 0, '控制比例(%)', '5');
    await tableButton(form, /新\s*增/).click();
    await poll(() => childRows(form).count()).toBe(2);
    await typeChildCell(form, 1, '物料编码', '0102001');
    await typeChildCell(form, 1, '数量', '500');
    await typeChildCell(form, 1, '最大限量', '520');
    await settled(page);
    await screenshot(page, 'notice-pu-form');
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });

    await poll(async () => (await notices()).length).toBe(1);
    const [n] = await notices();
    expect(n).toMatchObject({ doc_status: 'FREE', vendor: VENDOR, audited: false });
    expect(n.notice_no).toMatch(/^CGTZ\d{8}0001$/);
    expect(await lines(n.id)).toEqual([
      { seq: 1, code: '0101001', warehouse: 'CK01', quantity: '1000.0000', control_rate: '5.0000', max_limit: '1050.0000', done: '0.0000' },
      { seq: 2, code: '0102001', warehouse: null, quantity: '500.0000', control_rate: '0.0000', max_limit: '520.0000', done: '0.0000' },
    ]);
    ({ notice_no: noticeNo, id: noticeId } = n);
  });

  it('shows it on the list with its lines summed, and audits it', async () => {
    const { page } = stage;
    const row = (await rows(page)).filter({ hasText: noticeNo });
    await row.waitFor();
    expect(await row.innerText()).toContain('石灰石、黏土');
    await row.locator('.ant-checkbox-input').first().check();
    await pressListButton(page, 'audit');
    await poll(async () => (await notices())[0].doc_status).toBe('AUDITED');
    expect((await notices())[0].audited).toBe(true);
    await rows(page);
    await settled(page);
    await screenshot(page, 'notice-pu-list');
  });

  it('raises a line ceiling of the audited notice through its dialog', async () => {
    const { page } = stage;
    await tickListRow(page, noticeNo);
    await pressListButton(page, 'page:updateMaxLimit');
    const dialog = page.getByTestId('notice-updateMaxLimit');
    await dialog.locator('tbody tr.ant-table-row').filter({ hasText: '黏土' }).click();
    await dialog.getByTestId('notice-line-value').fill('600');
    await settled(page);
    await screenshot(page, 'notice-pu-max-limit');
    await page.locator('.ant-modal').filter({ has: dialog }).getByRole('button', { name: /确\s*定/ }).click();
    await poll(async () => (await lines(noticeId))[1].max_limit).toBe('600.0000');
  });

  it('picks two materials at once in a line\'s material popup: a line each', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/notice', '/notice/pu');
    await rows(page);
    const form = await openListForm(page, 'btn-create');
    try {
      await pickTwo(form);
    } finally {
      // the form is left unsaved, whatever happened in it
      if (await form.isVisible()) await form.getByRole('button', { name: /取\s*消/ }).click();
      await form.waitFor({ state: 'detached' });
    }
    expect((await notices()).length).toBe(1);
  });

  it('shows the notice\'s trucks on their way in 采购物流, each with its expected arrival', async () => {
    const { page } = stage;
    // a truck registered at the vendor's side an hour ago, on a route set at 90 minutes on the road
    const [line] = await db<{ id: string }>(
      "INSERT INTO md_line (org_id, line_code, line_name, direction, transit_minutes) SELECT org_id, 'XL-E2E-WL', '矿区至厂区', 'RECEIVE', 90 FROM wb_notice WHERE id = $1 RETURNING id::text",
      [noticeId]);
    await db('UPDATE wb_notice SET line_id = $2 WHERE id = $1', [noticeId, line.id]);
    await db(`INSERT INTO wb_registry (org_id, kind, registry_no, doc_status, notice_id, notice_line_id, material_id, plate_number, shipped_quantity, created_at)
              SELECT l.org_id, 'pu', 'CGDJ-E2E-WL1', 'AUDITED', l.notice_id, l.id, l.material_id, '浙E5W001', 30, now() - interval '1 hour'
                FROM wb_notice_line l WHERE l.notice_id = $1 AND l.seq = 1`, [noticeId]);
    await openMenuLeaf(page, '/purchase', '/purchase/logistics');
    const row = (await rows(page)).filter({ hasText: '浙E5W001' });
    await row.waitFor();
    expect(await row.innerText()).toContain(noticeNo);
    // the vendor's recent arrivals when the demo has three, else the route's set time
    expect(await row.innerText()).toMatch(/历史在途时长|线路设定时长/);
    await settled(page);
    await screenshot(page, 'purchase-logistics');
  });

  async function pickTwo(form: Locator) {
    const { page } = stage;
    if ((await childRows(form).count()) === 0) await tableButton(form, /新\s*增/).click();
    const cell = await childCell(form, 0, '物料编码');
    if (!(await cell.getByTestId('cell-choose-materialCode').isVisible())) await cell.click();
    await cell.getByTestId('cell-choose-materialCode').click();
    const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
    await popup.getByTestId('resource-table').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="resource-table"] .ant-spin-spinning'));
    for (const code of ['0101001', '0102001']) await popup.locator('tbody tr.ant-table-row').filter({ hasText: code }).first().locator('.ant-checkbox-input').check();
    await popup.getByTestId('resource-ok').click();
    await popup.waitFor({ state: 'detached' });
    await poll(() => childTexts(form, '物料编码')).toEqual(['0101001', '0102001']);
    expect((await childTexts(form, '物料名称')).every((name) => name !== '')).toBe(true);
    await settled(page);
    await screenshot(page, 'notice-lines-picked');
  }
});

describe('allot notices received', () => {
  it('shows the receiving company the allot notice addressed to it, once audited', async () => {
    const { page, server } = stage;
    const token = await apiSignIn(server.baseUrl, server.databaseUrl, USERS.accountant.username, USERS.accountant.password);
    const [{ id: peer }] = await db<{ id: string }>("SELECT id::text FROM sys_org WHERE org_code = 'HDJC'");
    const created = await api<{ data: { id: string; noticeNo: string } }>(server.baseUrl, token, 'POST', '/api/notice/al/create', {
      entity: { peerOrgId: peer, startTime: '2026-11-01 00:00:00', endTime: '2030-12-31 23:59:59' },
      entitysub: [{ materialCode: '0101001', warehouseCode: 'CK01', quantity: '300' }],
    });
    expect(created.status).toBe(200);
    const { id, noticeNo } = created.body.data;
    expect((await api(server.baseUrl, token, 'POST', '/api/notice/al/audit', { ids: [id] })).status).toBe(200);

    // the same accountant works for the receiving company too: switch to it
    await page.getByTestId('company-name').click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('company-dialog') });
    await dialog.getByRole('row').filter({ hasText: COMPANY_TRADE }).getByRole('checkbox').check();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(async () => ((await page.getByTestId('company-name').textContent()) ?? '').trim()).toBe(COMPANY_TRADE);

    await openMenuLeaf(page, '/notice', '/notice/al-received');
    const row = (await rows(page)).filter({ hasText: noticeNo });
    await row.waitFor();
    expect(await row.innerText()).toContain('华东水泥有限公司');
    expect(await row.innerText()).toContain('石灰石');
    // it reads; the sender's buttons are not offered here
    expect(await listScreen(page).locator('button[data-testid="btn-audit"], button[data-testid="btn-obsolete"]').count()).toBe(0);
    await settled(page);
    await screenshot(page, 'notice-al-received');
  });
});
