import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { pressListButton, tickListRow } from '../support/document-steps';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, rows } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The system folder's new screens: 层级编码规则, Web服务日志, 系统日志, 前端日志 and 数据源 with its test button.

const stage = useSignedInPage(USERS.admin);
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
});
