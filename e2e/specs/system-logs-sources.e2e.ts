import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { pressListButton, tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, listScreen, rows } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { clickTab, confirmDialog, HOME, openMenuLeaf, settled } from '../support/workspace';

// The system folder's new screens: 层级编码规则, Web服务日志, 系统日志, 前端日志, 数据源 with its test button,
// 公告管理 with the home page's board, 首页快捷入口 with the home page's shortcuts and 数据库副本.

const stage = useSignedInPage(USERS.admin);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);

beforeAll(async () => {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
  const call = (method: string, path: string, body?: unknown) => api<{ msg: string }>(stage.server.baseUrl, token, method, path, body);
  expect((await call('POST', '/api/masterdata/vehicle/datax', { entities: [{ plateNumber: '浙E8S001', axleType: 4 }] })).status).toBe(200);
  await db('ALTER TABLE md_vehicle RENAME TO md_vehicle_away');
  try {
    expect((await call('POST', '/api/masterdata/vehicle/v2/list', {})).status).toBe(500);
  } finally {
    await db('ALTER TABLE md_vehicle_away RENAME TO md_vehicle');
  }
  expect((await call('POST', '/api/admin/log/logs', { type: 'render', message: 'Cannot read properties of undefined (reading \'net\')', url: '/weigh/pu', stack: 'TypeError: x\n    at TicketGrid' })).status).toBe(200);
  expect((await call('POST', '/api/system/hierarchy-rule/create', { entity: { target: 'MATERIAL_CLASS', ruleName: '存货分类层级', levels: '2-2-3' } })).status).toBe(200);
  const own = new URL(stage.server.databaseUrl);
  const source = { host: own.hostname, port: Number(own.port), database: own.pathname.slice(1), username: decodeURIComponent(own.username), ssl: false };
  expect((await call('POST', '/api/system/data-source/create', { entity: { sourceName: '平台库（只读）', ...source, password: decodeURIComponent(own.password) } })).status).toBe(200);
  // a window two days either side of now holds now on the plant's clock, whatever its zone
  const day = 86_400_000;
  const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const published = await call('POST', '/api/system/announcement/create', { entity: {
    title: '1号地磅检定', body: '1号地磅明日 8:00-12:00 检定，车辆走 2 号磅。', level: 'IMPORTANT', pinned: 'true',
    publishWindow: [wall(Date.now() - 2 * day), wall(Date.now() + 2 * day)], roleCodes: 'ROLE_ADMIN,ROLE_OPERATOR',
  } });
  expect(published.status).toBe(200);
});

describe('the system folder\'s new screens', () => {
  it('层级编码规则 lists the inventory class rule', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/hierarchy-rule');
    await rows(page);
    expect(await columnTexts(page, '各级位数')).toContain('2-2-3');
    await settled(page);
    await screenshot(page, 'system-hierarchy-rule');
  });

  it('Web服务日志 shows the push with its caller and payload', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/ws-log');
    await rows(page);
    expect(await columnTexts(page, '调用者')).toContain('admin');
    expect((await columnTexts(page, '请求内容')).some((p) => p.includes('浙E8S001'))).toBe(true);
    await settled(page);
    await screenshot(page, 'system-ws-log');
  });

  it('系统日志 shows the 500 with its request id and stack', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/error-log');
    await rows(page);
    expect((await columnTexts(page, '错误信息')).some((m) => m.includes('md_vehicle'))).toBe(true);
    expect((await columnTexts(page, '请求编号')).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    await settled(page);
    await screenshot(page, 'system-error-log');
  });

  it('前端日志 shows what the browser reported', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/admin-log');
    await rows(page);
    expect(await columnTexts(page, '类型')).toContain('页面渲染错误');
    await settled(page);
    await screenshot(page, 'system-admin-log');
  });

  it('数据源 tests a connection from its button, and shows no password', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/data-source');
    await rows(page);
    expect(await columnTexts(page, '已设密码')).toContain('是');
    await tickListRow(page, '平台库（只读）');
    await pressListButton(page, 'page:testDataSource');
    await page.locator('.ant-message', { hasText: /连接成功：PostgreSQL/ }).waitFor();
    await screenshot(page, 'system-data-source');
  });

  it('数据源 takes a 检测语句 in its SQL editor, and the test button runs it', async () => {
    const { page } = stage;
    await tickListRow(page, '平台库（只读）');
    await listScreen(page).getByTestId('btn-update').click();
    const form = page.locator('.wb-form-dialog').last();
    await form.locator('.wb-template-form').waitFor();
    // TEXTAREA_SENTENCE is the SQL editor (CodeMirror): what is typed is highlighted as SQL
    const editor = form.getByTestId('sql-field-validationQuery').locator('.cm-content');
    await editor.waitFor();
    await settled(page);
    await editor.click();
    await page.keyboard.type('select count(*) from sys_org');
    const keyword = form.getByTestId('sql-field-validationQuery').locator('.cm-line span', { hasText: /^select$/ });
    await poll(() => keyword.getAttribute('class')).toMatch(/\S/);
    await screenshot(page, 'data-source-sql-editor');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/system/data-source/update');
    await form.locator('[data-action="submit"]').click();
    await confirmDialog(page, '确定更新此条数据?');
    expect(await (await saved).text()).toContain('"success":true');
    await form.waitFor({ state: 'hidden' });
    const [stored] = await sql<{ validation_query: string }>(stage.server.databaseUrl, `SELECT validation_query FROM sys_data_source WHERE source_name = '平台库（只读）'`);
    expect(stored.validation_query).toBe('select count(*) from sys_org');
    await tickListRow(page, '平台库（只读）');
    await pressListButton(page, 'page:testDataSource');
    await page.locator('.ant-message', { hasText: /检测语句返回 1 行，首值 \d+/ }).waitFor();
  });

  it('公告管理 shows its announcements as the board will; the home page\'s board marks one read when opened', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/announcement');
    await rows(page);
    expect(await columnTexts(page, '接收角色')).toContain('系统管理员、司磅员');
    await listScreen(page).getByTestId('announcement-preview').filter({ hasText: '1号地磅检定' }).waitFor();
    await screenshot(page, 'system-announcement');

    await clickTab(page, HOME);
    const board = page.getByTestId('home-announcements');
    const entry = board.locator('[data-testid^="announcement-"][data-read]').filter({ hasText: '1号地磅检定' });
    await entry.and(page.locator('[data-read="false"]')).waitFor();
    await board.getByTestId('announcement-unread').waitFor();
    await entry.locator('button').click();
    await entry.and(page.locator('[data-read="true"]')).waitFor();
    await board.getByText('车辆走 2 号磅').waitFor();
    await board.getByTestId('announcement-unread').waitFor({ state: 'detached' });
  });

  it('首页快捷入口 chooses a role\'s pages in its menu; the home page opens them', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/home-shortcut');
    await rows(page);
    await pressListButton(page, 'page:chooseHomeShortcuts');
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('home-shortcut-dialog') });
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '系统管理员' }).click();
    await dialog.getByTestId('home-shortcut-choice-/system/data-source').click();
    await dialog.getByTestId('home-shortcut-choice-/system/announcement').click();
    expect(await dialog.getByTestId('home-shortcut-count').textContent()).toBe('已选 2 / 12 个');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const tiles = listScreen(page).getByTestId('menu-configuration-系统管理员');
    await tiles.waitFor();
    expect((await tiles.locator('.wb-menu-config-tile').allTextContents()).map((t) => t.trim())).toEqual(['数据源', '公告管理']);
    await screenshot(page, 'system-home-shortcut');

    await clickTab(page, HOME);
    const shortcuts = page.getByTestId('home-page').locator('[data-testid^="shortcut-"]');
    await page.getByTestId('shortcut-/system/announcement').waitFor();
    expect(await shortcuts.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual(['shortcut-/system/data-source', 'shortcut-/system/announcement']);
    await page.getByTestId('shortcut-/system/announcement').click();
    await page.waitForURL((u) => u.pathname === '/system/announcement');
  });

  it('数据库副本 says where the readings go and why: no replica is configured here', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/replica');
    const status = page.getByTestId('replica-status');
    await status.waitFor();
    expect(await status.getAttribute('data-health')).toBe('none');
    expect(await page.getByTestId('replica-reason').textContent()).toBe('未配置只读副本（见部署说明）');
    expect(await status.textContent()).toContain('主库');
    await settled(page);
    await screenshot(page, 'system-replica');
  });

  it("the header's error-log badge counts real failures only: a refused request (400) leaves it, a 500 lights it", async () => {
    const { page } = stage;
    const badge = page.locator('.ant-badge', { has: page.getByTestId('log-button') }).locator('sup.ant-badge-count');
    const count = async () => ((await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('title')));
    const before = await count();
    await openMenuLeaf(page, '/masterdata', '/masterdata/vehicle');
    await rows(page);

    // a refusal: the list call goes out with a page number the server refuses (400, bad input)
    const listCall = '**/api/masterdata/vehicle/v2/list';
    await page.route(listCall, (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify({ ...body, limit: { pn: 0, ps: 10 } }) });
    });
    const refused = page.waitForResponse((r) => r.url().includes('/api/masterdata/vehicle/v2/list'));
    await listSearch(page);
    expect((await refused).status()).toBe(400);
    await page.unroute(listCall);
    // the refusal is in the log, and the badge stays as it was
    await page.getByTestId('log-button').click();
    const log = page.locator('.ant-modal:visible');
    await log.locator('.ant-table-row').first().waitFor();
    expect(await count()).toBe(before);
    await log.locator('.ant-modal-close').click();
    await log.waitFor({ state: 'hidden' });

    // a real failure: the server cannot read the table (500); the badge lights with one more
    await db('ALTER TABLE md_vehicle RENAME TO md_vehicle_away');
    try {
      const failed = page.waitForResponse((r) => r.url().includes('/api/masterdata/vehicle/v2/list'));
      await listSearch(page);
      expect((await failed).status()).toBe(500);
      await expect.poll(count, { timeout: 5000, interval: 100 }).toBe(before + 1);
    } finally {
      await db('ALTER TABLE md_vehicle_away RENAME TO md_vehicle');
    }
    await screenshot(page, 'error-log-badge');
  });
});

/** Presses 查询 on the list showing, without waiting for its rows (the call may fail). */
async function listSearch(page: Page): Promise<void> {
  await listScreen(page).getByTestId('list-query').click();
}
