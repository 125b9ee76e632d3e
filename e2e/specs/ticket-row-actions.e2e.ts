import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { listScreen, quickSearch, rows } from '../support/list-screen';
import { tickListRow } from '../support/document-steps';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The purchase ticket list (of the administrator, who holds every button) offers 退货 and 反过账 only where the ticket's lifecycle
// allows them: a return and a returned ticket cannot be returned, an original under a posted
// return cannot be reverse-posted.

const stage = useSignedInPage(USERS.admin);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

async function api(page: Page, path: string, body: unknown) {
  const token = await page.evaluate(() => (JSON.parse(window.sessionStorage.getItem('wb-session') ?? '{}') as { state?: { accessToken?: string } }).state?.accessToken ?? '');
  const res = await fetch(`${stage.server.baseUrl}${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await res.json();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.data;
}

/** The button's enabled state, on the bar or under 更多. */
async function enabled(page: Page, component: string): Promise<boolean> {
  const direct = listScreen(page).locator(`button[data-testid="btn-${component}"]`);
  if (await direct.isVisible()) return direct.isEnabled();
  await listScreen(page).getByTestId('btn-more').click();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ has: page.getByTestId(`btn-${component}`) });
  const disabled = (await item.getAttribute('aria-disabled')) === 'true' || (await item.getAttribute('class'))?.includes('disabled');
  await page.keyboard.press('Escape');
  return !disabled;
}

/** That one ticket alone ticked: the selection survives a search, so the last one is cleared first. */
async function only(page: Page, ticketNo: string) {
  const clear = listScreen(page).getByRole('button', { name: '清空选择' });
  if (await clear.isVisible()) await clear.click();
  await quickSearch(page, ticketNo);
  await tickListRow(page, ticketNo);
  await settled(page);
}

describe('ticket list buttons follow the ticket lifecycle', () => {
  it('disables 退货 on a return and on a returned ticket, and 反过账 under a posted return', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/weigh', '/weigh/pu');
    await rows(page);
    // a manual ticket, audited and posted: what the list then shows as 已过账
    const [where] = await db<{ org: string; material: string; warehouse: string }>(
      `SELECT u.current_org_id::text AS org,
              (SELECT m.id::text FROM md_material_in_org m WHERE m.alloc_org_id = u.current_org_id ORDER BY m.id LIMIT 1) AS material,
              (SELECT w.id::text FROM md_warehouse w WHERE w.org_id = u.current_org_id ORDER BY w.id LIMIT 1) AS warehouse
         FROM sys_user u WHERE u.username = 'admin'`);
    const made = await api(page, '/api/weigh/pu/create', {
      entity: { plateNumber: '苏E 7531R', materialId: where?.material, warehouseId: where?.warehouse, gross: '40', tare: '15' },
    }) as { id: string; ticketNo: string };
    await api(page, '/api/weigh/pu/audit', { ids: [made.id] });
    await api(page, '/api/weigh/pu/down', { ids: [made.id] });
    const original = { id: String(made.id), ticket_no: made.ticketNo };

    await only(page, original.ticket_no);
    expect(await enabled(page, 'one:returnGoods')).toBe(true);
    expect(await enabled(page, 'batch:reversedown')).toBe(true);

    const back = await api(page, `/api/weigh/pu/returnGoods/${original.id}`, {}) as { id: string; ticketNo: string };
    await only(page, back.ticketNo);
    expect(await enabled(page, 'one:returnGoods')).toBe(false);
    await screenshot(page, 'ticket-row-actions-return');

    await api(page, '/api/weigh/pu/audit', { ids: [back.id] });
    await api(page, '/api/weigh/pu/down', { ids: [back.id] });
    await only(page, original.ticket_no);
    expect(await enabled(page, 'one:returnGoods')).toBe(false);
    expect(await enabled(page, 'batch:reversedown')).toBe(false);
    await screenshot(page, 'ticket-row-actions-returned-original');
  });
});
