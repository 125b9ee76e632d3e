import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { listScreen, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The administrator sets the hours after which a truck counts as in the plant too long (参数设置),
// and audits a transfer form that leaves a balance below zero: the audit goes through and says so.

const stage = useSignedInPage(USERS.admin);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

/** The company the administrator's session works in. */
async function currentOrg(): Promise<string> {
  const [row] = await db<{ org_id: string }>(`SELECT s.org_id::text FROM auth_session s JOIN sys_user u ON u.id = s.user_id
    WHERE u.username = 'admin' AND s.org_id IS NOT NULL ORDER BY s.id DESC LIMIT 1`);
  return row.org_id;
}

describe('loose ends a plant would notice', () => {
  it('sets 在厂超时 on the parameter screen', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/param');
    const hours = page.getByTestId('param-overstayHours');
    await expect.poll(() => hours.inputValue()).toBe('8');
    const group = page.locator('.sa-param-group', { hasText: '在厂车辆' });
    await group.scrollIntoViewIfNeeded();
    expect(await group.locator('.ant-form-item').textContent()).toContain('在厂超时');
    await hours.fill('10');
    await page.getByTestId('save-params').click();
    await page.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    const org = await currentOrg();
    await poll(() => db(`SELECT param_value FROM sys_param WHERE org_id = $1 AND param_key = 'overstayHours'`, [org])).toEqual([{ param_value: '10' }]);
    await group.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'params-overstay-hours');
  });

  it('shows the negative-stock warning after auditing a transfer form', async () => {
    const { page } = stage;
    const org = await currentOrg();
    const [wh1, wh2] = await db<{ id: string; ware_name: string }>('SELECT id::text, ware_name FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 2', [org]);
    const [mat] = await db<{ id: string; inv_name: string }>(`SELECT m.id::text, m.inv_name FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id
      WHERE a.org_id = $1 ORDER BY m.id LIMIT 1`, [org]);
    const [form] = await db<{ id: string }>(`INSERT INTO wb_stock_transfer (org_id, transfer_no, from_warehouse_id, to_warehouse_id)
      VALUES ($1, 'YK-E2E-NEG', $2, $3) RETURNING id::text`, [org, wh1.id, wh2.id]);
    await db('INSERT INTO wb_stock_transfer_line (org_id, transfer_id, seq, material_id, quantity) VALUES ($1, $2, 1, $3, 99999)', [org, form.id, mat.id]);

    await openMenuLeaf(page, '/stock', '/stock/transfer-form');
    const row = (await rows(page)).filter({ hasText: 'YK-E2E-NEG' }).first();
    await row.locator('.ant-checkbox-input, input[type="checkbox"]').first().check();
    await listScreen(page).getByTestId('btn-audit').click();
    const warning = page.locator('.ant-notification-notice-warning', { hasText: `仓库 ${wh1.ware_name} 物料 ${mat.inv_name} 库存为负` });
    await warning.waitFor();
    await poll(async () => (await db<{ doc_status: string }>('SELECT doc_status FROM wb_stock_transfer WHERE id = $1', [form.id]))[0].doc_status).toBe('AUDITED');
    await settled(page);
    await screenshot(page, 'transfer-audit-negative-warning');
  });
});
