import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, listScreen, pagerTotal, rows } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { activeTab, openMenuLeaf, settled, tabKeys } from '../support/workspace';

// Three menu entries that used to lead nowhere: 生产库存 shows the finished goods weighed by
// production trucks, 系统管理 → 字典管理 the company's dictionaries, and 帮助文档 this server's help
// page in a new browser tab.

const stage = useSignedInPage(USERS.admin);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

let product: { id: string; inv_name: string };

beforeAll(async () => {
  // two production trucks weighed loaded and empty through the API, as a station sends them, then audited and posted
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
  const [session] = await db<{ org_id: string }>(`SELECT s.org_id::text FROM auth_session s JOIN sys_user u ON u.id = s.user_id
    WHERE u.username = 'admin' AND s.org_id IS NOT NULL ORDER BY s.id DESC LIMIT 1`);
  [product] = await db<{ id: string; inv_name: string }>(`SELECT m.id::text, m.inv_name FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id
    WHERE a.org_id = $1 AND NOT m.scene_confirm AND m.hidden_deduct = '0' AND NOT m.overload AND m.pnmary IS NULL ORDER BY m.id LIMIT 1`, [session.org_id]);
  const [warehouse] = await db<{ id: string }>('SELECT id::text FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [session.org_id]);
  let request = 0;
  const call = async (path: string, body: unknown) => {
    const res = await api<{ data: { ticketId: string } }>(stage.server.baseUrl, token, 'POST', path, body);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  for (const [plate, gross, tare] of [['苏E6P001', '41', '15'], ['苏E6P002', '38.5', '14.5']]) {
    const weighing = (weight: string) => ({ stationId: 'E2E', requestId: `pr-${plate}-${request++}`, stable: true, weight });
    const first = await call('/api/weigh/pr/first', { ...weighing(gross), plate, materialId: product.id, warehouseId: warehouse.id });
    await call('/api/weigh/pr/second', { ...weighing(tare), plate });
    await call('/api/weigh/pr/audit', { ids: [first.ticketId] });
    await call('/api/weigh/pr/down', { ids: [first.ticketId] });
  }
});

describe('menu entries that now lead somewhere', () => {
  it('生产库存 lists the product with the day\'s production', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/production', '/production/stock');
    expect(await pagerTotal(page)).toBe(1);
    expect(await columnTexts(page, '产品')).toEqual([product.inv_name]);
    expect(await columnTexts(page, '今日产量(吨)')).toEqual(['50.00']);
    expect(await columnTexts(page, '结存数量(吨)')).toEqual(['50.00']);
    await settled(page);
    await screenshot(page, 'production-stock');
  });

  it('数据字典 lists the dictionary types and opens the type form with its items', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/masterdata', '/masterdata/dict-type');
    const [{ n }] = await db<{ n: number }>(`SELECT count(*)::int AS n FROM md_dict_type t JOIN auth_session s ON s.org_id = t.org_id
      JOIN sys_user u ON u.id = s.user_id WHERE u.username = 'admin' AND s.id = (SELECT max(id) FROM auth_session x WHERE x.user_id = u.id AND x.org_id IS NOT NULL)`);
    expect(n).toBeGreaterThan(0);
    expect(await (await rows(page)).count()).toBe(Math.min(n, 10));
    expect((await columnTexts(page, '类型编码')).length).toBeGreaterThan(0);
    await listScreen(page).getByTestId('btn-create').click();
    const form = page.locator('.wb-form-dialog').last();
    await form.locator('.wb-template-form').waitFor();
    expect(await form.locator('.ant-modal-title').textContent()).toBe('新增字典类型');
    await settled(page);
    await screenshot(page, 'system-dictionaries-form');
    await form.locator('.ant-modal-close').click();
    await form.waitFor({ state: 'detached' });
  });

  it('帮助文档 opens this server\'s help page in a new browser tab and no workspace tab', async () => {
    const { page, context } = stage;
    const before = await tabKeys(page);
    const active = await activeTab(page);
    await settled(page);
    const leaf = page.getByTestId('sidebar').getByTestId('menu-/help.html');
    if (!(await leaf.isVisible())) await page.getByTestId('sidebar').getByTestId('menu-/system').click();
    const [help] = await Promise.all([context.waitForEvent('page'), leaf.click()]);
    await help.waitForLoadState();
    expect(new URL(help.url()).pathname).toBe('/help.html');
    expect(new URL(help.url()).origin).toBe(stage.server.baseUrl);
    expect(await help.locator('h1').textContent()).toContain('使用帮助');
    expect(await help.locator('h2').allTextContents()).toEqual(expect.arrayContaining(['登录 Sign-in', '公司 Companies', '列表与查询 Lists and search', '表单 Forms']));
    await screenshot(help, 'help-page');
    await help.close();
    expect(await tabKeys(page)).toEqual(before);
    expect(await activeTab(page)).toBe(active);
  });
});
