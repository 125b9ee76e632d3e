import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The workspace in English against the real server: the labels the templates carry in English
// (list headers, search fields, form labels and title, popup title and columns, the required
// message built from a label) replace the Chinese ones; a vehicle saved in English is stored.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const PLATE = '浙A3EN01';
const CJK = /[\u4e00-\u9fff]/;

const formDialog = (page: Page) => page.locator('.wb-form-dialog').last();
const item = (form: Locator, label: string) => form.locator('.ant-form-item').filter({ has: form.page().locator(`label[title="${label}"]`) });

async function switchLanguage(page: Page, to: 'en-US' | 'zh-CN'): Promise<void> {
  await page.getByTestId('lang-switch').click();
  await settled(page);
  await page.getByTestId(`lang-${to}`).click();
}

describe('the workspace in English', () => {
  it('the vehicle list: headers and quick-search fields from the template\'s English labels', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/masterdata', '/masterdata/vehicle');
    await rows(page);
    await switchLanguage(page, 'en-US');
    await poll(() => listScreen(page).getByTestId('list-query').textContent()).toContain('Search');
    const headers = (await listScreen(page).locator('thead tr').first().locator('th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(headers).toEqual(expect.arrayContaining(['Plate number', 'Vehicle type', 'Rated load (t)']));
    expect(headers.filter((h) => CJK.test(h))).toEqual([]);
    expect(await listScreen(page).getByTestId('quick-search').getAttribute('placeholder')).toContain('Plate number');
    expect(await listScreen(page).getByTestId('quick-search').getAttribute('placeholder')).not.toMatch(CJK);
  });

  it('the vehicle form: English title and labels, the trailer section\'s too', async () => {
    const { page } = stage;
    await listScreen(page).getByTestId('btn-create').click();
    const form = formDialog(page);
    await form.locator('.wb-template-form').waitFor();
    await settled(page);
    expect(await form.locator('.ant-modal-title').textContent()).toBe('New vehicle');
    await form.locator('#hasTrailer').click();
    await item(form, 'Trailer plate').waitFor();
    const labels = await form.locator('.ant-form-item-label label').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['Plate number', 'Plate colour', 'Annual review', 'Carrier', 'Has trailer', 'Trailer plate', 'Vehicle photo']));
    expect(labels.filter((l) => CJK.test(l))).toEqual([]);
    // a choice reads in English too: the plate colour's default
    expect(await item(form, 'Plate colour').innerText()).toContain('Yellow');
    await settled(page);
    await screenshot(page, 'english-vehicle-form');
  });

  it('a required message names the field in English', async () => {
    const { page } = stage;
    const form = formDialog(page);
    const plate = form.locator('#plateNumber');
    await plate.fill('浙A');
    await plate.fill('');
    await plate.blur();
    await item(form, 'Plate number').locator('.ant-form-item-explain-error', { hasText: 'Please fill in Plate number' }).waitFor();
    await settled(page);
    await screenshot(page, 'english-required-message');
  });

  it('the carrier popup: English title and columns', async () => {
    const { page } = stage;
    const form = formDialog(page);
    await item(form, 'Carrier').locator('button').first().click();
    const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
    await popup.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await popup.locator('.ant-modal-title').textContent()).toBe('Select carrier');
    const columns = (await popup.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(columns).toEqual(expect.arrayContaining(['Carrier code', 'Carrier name']));
    expect(columns.filter((c) => CJK.test(c))).toEqual([]);
    await settled(page);
    await screenshot(page, 'english-carrier-popup');
    await popup.getByTestId('resource-cancel').click();
    await popup.waitFor({ state: 'detached' });
  });

  it('saves the vehicle filled in English, and the server stores it', async () => {
    const { page } = stage;
    const form = formDialog(page);
    await form.locator('#hasTrailer').click();
    await form.locator('#plateNumber').fill(PLATE);
    await form.locator('[data-action="submit"]').click();
    await form.waitFor({ state: 'hidden' });
    const stored = await sql<{ plate_number: string; has_trailer: boolean }>(stage.server.databaseUrl,
      'SELECT plate_number, has_trailer FROM md_vehicle WHERE plate_number = $1', [PLATE]);
    expect(stored).toEqual([{ plate_number: PLATE, has_trailer: false }]);
    await switchLanguage(page, 'zh-CN');
    await poll(() => listScreen(page).getByTestId('list-query').textContent()).toContain('查询');
    expect(await listScreen(page).locator('thead th', { hasText: '车牌号' }).count()).toBeGreaterThan(0);
  });
});
