import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The purchase ticket list as the operator keeps it: a manual ticket typed in through the list's
// form, its net computed by the server and shown in the list with the totals, then voided.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

const formDialog = (page: Page) => page.locator('.wb-form-dialog').last();
const formItem = (page: Page, label: string): Locator => formDialog(page).locator('.ant-form-item').filter({ has: page.locator(`label[title="${label}"]`) });

async function pick(page: Page, label: string): Promise<string> {
  await formItem(page, label).locator('button').click();
  const popup = page.locator('.ant-modal').filter({ has: page.getByTestId('resource-popup') });
  await popup.getByTestId('resource-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="resource-table"] .ant-spin-spinning'));
  await popup.locator('tbody tr.ant-table-row').first().dblclick();
  await popup.waitFor({ state: 'detached' });
  const input = formItem(page, label).locator('input').first();
  await poll(() => input.inputValue()).not.toBe('');
  return input.inputValue();
}

describe('purchase weigh tickets', () => {
  it('types a manual ticket in, and the list shows the net the server computed', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/weigh', '/weigh/pu');
    await rows(page);
    await listScreen(page).getByTestId('btn-create').click();
    await formDialog(page).locator('.wb-template-form').waitFor();
    expect(await formDialog(page).locator('.ant-modal-title').textContent()).toBe('新增手工采购过磅单');
    await formItem(page, '车牌号').locator('input').fill('苏E 2468A');
    await pick(page, '物料');
    await pick(page, '仓库');
    await formItem(page, '毛重(吨)').locator('input').fill('41.26');
    await formItem(page, '皮重(吨)').locator('input').fill('15.2');
    // the net (CALCULATE: gross - tare) follows as the weights are typed, before anything is saved
    await poll(() => formItem(page, '净重(吨)').locator('input').inputValue()).toBe('26.06');
    await formItem(page, '皮重(吨)').locator('input').fill('15.25');
    await poll(() => formItem(page, '净重(吨)').locator('input').inputValue()).toBe('26.01');
    await formItem(page, '皮重(吨)').locator('input').fill('15.2');
    await poll(() => formItem(page, '净重(吨)').locator('input').inputValue()).toBe('26.06');
    await settled(page);
    await screenshot(page, 'weigh-ticket-manual-form');
    await formDialog(page).locator('[data-action="submit"]').click();
    await formDialog(page).waitFor({ state: 'detached' });

    const [ticket] = await db<{ ticket_no: string; net: string; manual: boolean; state: string }>(
      `SELECT ticket_no, net::text, manual, state FROM wb_ticket WHERE plate_number = '苏E2468A'`);
    expect(ticket).toMatchObject({ net: '26.0600', manual: true, state: 'COMPLETED' });
    await rows(page);
    await poll(() => columnTexts(page, '磅单号')).toContain(ticket?.ticket_no);
    const nets = await columnTexts(page, '净重(吨)');
    expect(nets).toContain('26.06');
    await settled(page);
    await screenshot(page, 'weigh-ticket-list');
  });
});
