import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, SCREENSHOT_DIR, screenshot } from '../support/browser';
import { pressListButton, tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { sql } from '../support/db';
import { listScreen, quickSearch, rows } from '../support/list-screen';
import { api, apiSignIn, signIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';
import { pageTexts } from '../../packages/server/src/domain/weighing/print/pdf-text.test-support';

// The lab in the workspace: a truck judged 合格 at the sampling point gives a sample; the quality
// user opens 化验单, enters the sample's results in the 录入结果 dialog by the keyboard (a stale
// version refused and reloaded), may not check what they entered, a second person checks it; a
// recheck with a reason is entered and checked again, the format (AVERAGE) averages the
// two, and the 复检 list shows the first, recheck and final values.

const stage = useSignedInPage(USERS.quality);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

let token: string;
let sampleId = '';
let blindCode = '';
let checker: { page: Page; close(): Promise<void> };

const resultsDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('lab-results-dialog') });
const recheckDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('lab-recheck-dialog') });
const sampleRow = async (page: Page) => {
  await quickSearch(page, blindCode);
  await tickListRow(page, blindCode);
  await settled(page);
};
const sampleState = async () => (await db<{ state: string; round: number }>('SELECT state, round FROM qm_sample WHERE id = $1', [sampleId]))[0];
const finals = async () => Object.fromEntries((await db<{ item_code: string; value: string }>(
  `SELECT i.item_code, trim_scale(v.value)::text AS value FROM qm_sample_value v JOIN qm_assay_item i ON i.id = v.item_id WHERE v.sample_id = $1`, [sampleId])).map((r) => [r.item_code, r.value]));

beforeAll(async () => {
  const { baseUrl, databaseUrl } = stage.server;
  token = await apiSignIn(baseUrl, databaseUrl, USERS.quality.username, USERS.quality.password);
  const me = await api<{ data: { currentOrg: string } }>(baseUrl, token, 'GET', '/api/sys-info/me');
  const orgId = String(me.body.data.currentOrg);
  const [material] = await db<{ id: string }>(
    `SELECT a.archive_id::text AS id FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id WHERE a.org_id = $1 AND m.inv_code = '0201001'`, [orgId]);
  const [vendor] = await db<{ id: string }>('SELECT archive_id::text AS id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id DESC LIMIT 1', [orgId]);
  // the lab's set-up, through its own calls: the dry basis, a format averaging rechecks, its auto model, and the role's items
  const call = async (path: string, body: unknown) => {
    const r = await api<{ success: boolean; data: { id: string } }>(baseUrl, token, 'POST', path, body);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true });
    return r.body.data;
  };
  await call('/api/quality/item/create', { entity: { itemCode: 'SD_E2E', itemName: '干基全硫', unit: '%', precisionDigits: 3, minValue: 0, maxValue: 100 } });
  const format = await call('/api/quality/format/create', {
    entity: { formatCode: 'E2E-YM', formatName: '烟煤化验(复检平均)', recheckMode: 'AVERAGE', batchTrucks: 1 },
    entitysub: [{ itemCode: '001' }, { itemCode: '003' }, { itemCode: 'SD_E2E', formula: '[003] * 100 / (100 - [001])' }],
  });
  await call('/api/quality/auto-model/create', { entity: { materialId: material.id, formatId: format.id } });
  await db(`INSERT INTO sys_role_assay_item (role_id, item_id)
    SELECT r.id, i.id FROM sys_role r JOIN sys_org o ON o.group_id = r.group_id JOIN qm_assay_item i ON i.group_id = o.group_id
     WHERE r.role_code = 'ROLE_QUALITY' AND o.id = $1 AND i.item_code IN ('001', '003') ON CONFLICT DO NOTHING`, [orgId]);
  await db('UPDATE md_material SET scene_confirm = true, is_sample = true WHERE id = $1', [material.id]);
  const [truck] = await db<{ id: string }>(
    `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, material_id, vendor_id, plate_number, first_is, gross, gross_time)
     VALUES ($1, 'pu', 'CGBD-LAB-E2E', 'FIRST_WEIGHED', $2, $3, '晋E2E01', 'GROSS', 48.2, now()) RETURNING id::text AS id`, [orgId, material.id, vendor.id]);
  // 合格 at the sampling point, one truck a sample (the format's batch): the sampler's press, not the lab's
  const sampler = await apiSignIn(baseUrl, databaseUrl, USERS.sampler.username, USERS.sampler.password);
  const judged = await api(baseUrl, sampler, 'POST', '/api/confirm/pu-sampling/submit', { id: truck.id, button: 'CONFIRM', sampleDate: '20250601', sampleCount: 1 });
  expect(judged.status, JSON.stringify(judged.body)).toBe(200);
  expect(judged.body, JSON.stringify(judged.body)).toMatchObject({ success: true });
  const [sample] = await db<{ id: string; blind_code: string }>(
    'SELECT s.id::text AS id, s.blind_code FROM qm_sample_ticket st JOIN qm_sample s ON s.id = st.sample_id WHERE st.ticket_id = $1', [truck.id]);
  sampleId = sample.id;
  blindCode = sample.blind_code;
  const second = await newPage(stage.browser, baseUrl);
  await signIn(second.page, databaseUrl, USERS.admin);
  checker = { page: second.page, close: () => second.context.close() };
});

afterAll(async () => {
  await checker?.close();
});

/** The current round's version of one item, as the server keeps it. */
async function enterByApi(itemCode: string, value: string) {
  const read = await api<{ data: { round: number; lines: { itemId: string; itemCode: string; first: { version: number } | null; recheck: { version: number } | null }[] } }>(
    stage.server.baseUrl, token, 'GET', `/api/quality/sample/${sampleId}`);
  const line = read.body.data.lines.find((l) => l.itemCode === itemCode)!;
  const version = (read.body.data.round === 2 ? line.recheck : line.first)?.version ?? 0;
  return api(stage.server.baseUrl, token, 'POST', `/api/quality/sample/${sampleId}/results`, { values: [{ itemId: line.itemId, value, version }] });
}

describe('the lab enters, checks and rechecks a sample on the 化验单 and 复检 lists', () => {
  it('enters the results in the 录入结果 dialog by the keyboard; a stale version is refused and reloaded; the derived item is figured', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/quality', '/quality/assay');
    await rows(page);
    await sampleRow(page);
    await pressListButton(page, 'page:assayEnter');
    const box = resultsDialog(page);
    await box.getByTestId('lab-blind-code').filter({ hasText: blindCode }).waitFor();
    // the lab sees the code, never the truck
    await expect(box.textContent()).resolves.not.toMatch(/CGBD-LAB-E2E|晋E2E01/);
    // the derived item is no cell
    expect(await box.getByTestId('lab-input-SD_E2E').count()).toBe(0);
    const water = box.getByTestId('lab-input-001');
    await expect.poll(() => water.evaluate((el) => el === document.activeElement)).toBe(true);
    // someone else saves the water while the dialog is open
    expect((await enterByApi('001', '9.8')).status).toBe(200);
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect.poll(() => box.getByTestId('lab-input-003').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('0.9');
    await page.keyboard.press('Enter');
    await box.getByTestId('lab-results-refusal').filter({ hasText: '已被他人修改' }).waitFor();
    await poll(() => water.inputValue()).toBe('9.8');
    await screenshot(page, 'quality-lab-409');
    // a value out of range says the range beside the red cell
    await water.fill('120');
    await poll(() => box.getByTestId('lab-problem-001').textContent()).toBe('水分 不能大于 100（有效范围 0 ~ 100）');
    // typed again over what was reloaded, the last Enter saves
    await water.fill('10');
    expect(await box.getByTestId('lab-problem-001').count()).toBe(0);
    await water.press('Enter');
    await box.getByTestId('lab-input-003').fill('0.9');
    await box.getByTestId('lab-input-003').press('Enter');
    // St,d = 0.9 x 100 / (100 - 10) = 1
    await box.getByTestId('lab-value-SD_E2E').filter({ hasText: /^1\b/ }).waitFor();
    await expect(box.getByTestId('lab-results-refusal').count()).resolves.toBe(0);
    await screenshot(page, 'quality-lab-entered');
    const values = await db<{ item_code: string; value: string }>(
      `SELECT i.item_code, trim_scale(r.value)::text AS value FROM qm_result r JOIN qm_assay_item i ON i.id = r.item_id WHERE r.sample_id = $1 AND r.round = 1 ORDER BY i.item_code`, [sampleId]);
    expect(values.map((v) => [v.item_code, v.value])).toEqual([['001', '10'], ['003', '0.9'], ['SD_E2E', '1']]);
    await box.getByTestId('lab-results-close').click();
    await box.waitFor({ state: 'hidden' });
  });

  it('prints the sample card from the list: the blind code on the label, never the vendor, the ticket or the plate', async () => {
    const { page } = stage;
    await sampleRow(page);
    const [file] = await Promise.all([page.waitForEvent('download'), pressListButton(page, 'page:sampleCard')]);
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfPath = path.join(SCREENSHOT_DIR, 'quality-sample-card.pdf');
    await file.saveAs(pdfPath);
    const text = (await pageTexts(new Uint8Array(await readFile(pdfPath)))).join('\n');
    expect(text).toContain(blindCode);
    expect(text).not.toContain('晋E2E01');
    expect(text).not.toContain('CGBD-LAB-E2E');
  });

  it('refuses the check by the one who entered, in the server’s words; a second person checks it', async () => {
    const { page } = stage;
    await pressListButton(page, 'one:check');
    await page.locator('.ant-notification-notice').filter({ hasText: '审核人不能是录入人' }).first().waitFor();
    await screenshot(page, 'quality-lab-check-refused');
    expect((await sampleState()).state).toBe('TESTING');
    const other = checker.page;
    await openMenuLeaf(other, '/quality', '/quality/assay');
    await rows(other);
    await sampleRow(other);
    await pressListButton(other, 'one:check');
    await poll(async () => (await sampleState()).state).toBe('CHECKED');
    expect(await finals()).toMatchObject({ '001': '10', '003': '0.9', 'SD_E2E': '1' });
  });

  it('opens a recheck with its reason on the 复检 list; round 2 is entered and checked, averaged as the format says, and the list shows the three values', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/quality', '/quality/recheck');
    await rows(page);
    await sampleRow(page);
    await pressListButton(page, 'page:assayRecheck');
    const box = recheckDialog(page);
    await box.getByTestId('lab-blind-code').filter({ hasText: blindCode }).waitFor();
    await box.getByTestId('lab-recheck-ok').click();
    await box.getByTestId('lab-recheck-refusal').filter({ hasText: '请填写复检原因' }).waitFor();
    await box.getByTestId('lab-recheck-reason').fill('供方对全水有异议');
    await screenshot(page, 'quality-lab-recheck-reason');
    await box.getByTestId('lab-recheck-ok').click();
    await box.waitFor({ state: 'hidden' });
    await poll(async () => (await sampleState()).state).toBe('RECHECK');

    await openMenuLeaf(page, '/quality', '/quality/assay');
    await rows(page);
    await sampleRow(page);
    await pressListButton(page, 'page:assayEnter');
    const entry = resultsDialog(page);
    await entry.getByTestId('lab-input-001').waitFor();
    await entry.getByTestId('lab-input-001').fill('11');
    await entry.getByTestId('lab-input-001').press('Enter');
    await page.keyboard.type('0.95');
    await page.keyboard.press('Enter');
    // round 2's dry basis: 0.95 x 100 / 89
    await entry.getByTestId('lab-value-SD_E2E').filter({ hasText: '1.067' }).waitFor();
    await screenshot(page, 'quality-lab-recheck-entered');
    await entry.getByTestId('lab-results-close').click();

    const other = checker.page;
    await openMenuLeaf(other, '/quality', '/quality/assay');
    await sampleRow(other);
    await pressListButton(other, 'one:check');
    await poll(async () => (await sampleState()).state).toBe('RECHECKED');
    // AVERAGE: water (10 + 11) / 2, S (0.9 + 0.95) / 2; the dry basis figured from the means: 0.925 x 100 / 89.5
    expect(await finals()).toMatchObject({ '001': '10.5', '003': '0.925', 'SD_E2E': '1.034' });

    await openMenuLeaf(page, '/quality', '/quality/recheck');
    await quickSearch(page, blindCode);
    const row = (await rows(page)).filter({ hasText: blindCode }).first();
    await row.filter({ hasText: '供方对全水有异议' }).waitFor();
    await poll(async () => (await row.textContent()) ?? '').toMatch(/10 \/ 11 \/ 10\.5/);
    expect(await row.textContent()).toMatch(/0\.9 \/ 0\.95 \/ 0\.925/);
    await screenshot(page, 'quality-lab-recheck-list');
    await expect(listScreen(page).textContent()).resolves.not.toMatch(/CGBD-LAB-E2E|晋E2E01/);
  });
});
