import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { sql } from '../support/db';
import { useSignedInPage } from '../support/fixture';
import { columnTexts, quickSearch } from '../support/list-screen';
import { api, apiSignIn, USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// "Who changed this?": an edit of a warehouse is found in 操作日志 by its code, with the
// figures before and after; a weighing taken and one refused are both in 称重日志.

const stage = useSignedInPage(USERS.admin);
const db = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => sql<T>(stage.server.databaseUrl, text, values);
const PLATE = '苏E6L001';
let warehouseCode = '';

beforeAll(async () => {
  const token = await apiSignIn(stage.server.baseUrl, stage.server.databaseUrl, USERS.admin.username, USERS.admin.password);
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await api<{ data: T; msg: string }>(stage.server.baseUrl, token, method, path, body);
    return { status: res.status, data: res.body.data, msg: res.body.msg };
  };
  const [session] = await db<{ org_id: string }>(`SELECT s.org_id::text FROM auth_session s JOIN sys_user u ON u.id = s.user_id
    WHERE u.username = 'admin' AND s.org_id IS NOT NULL ORDER BY s.id DESC LIMIT 1`);
  const [warehouse] = await db<{ id: string; code: string }>('SELECT id::text, ware_code AS code FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1', [session.org_id]);
  warehouseCode = warehouse.code;
  const stored = await call<{ version: number }>('GET', `/api/masterdata/warehouse/get/${warehouse.id}`);
  const edit = await call('PUT', '/api/masterdata/warehouse/update', { entity: { id: warehouse.id, version: stored.data.version, address: '东门卸货区' } });
  expect(edit.status, edit.msg).toBe(200);

  const [material] = await db<{ id: string }>(`SELECT m.id::text FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id
    WHERE a.org_id = $1 AND NOT m.scene_confirm AND m.hidden_deduct = '0' AND NOT m.overload AND m.pnmary IS NULL ORDER BY m.id LIMIT 1`, [session.org_id]);
  const first = await call('POST', '/api/weigh/pr/first', { stationId: 'E2E-LOG', requestId: 'log-1', stable: true, weight: '40', plate: PLATE, materialId: material.id, warehouseId: warehouse.id });
  expect(first.status).toBe(200);
  // a second weighing of a plate with no open ticket is refused, and kept in the weigh log
  const refused = await call('POST', '/api/weigh/pr/second', { stationId: 'E2E-LOG', requestId: 'log-2', stable: true, weight: '15', plate: '苏E6L999' });
  expect(refused.status).toBeGreaterThanOrEqual(400);
});

describe('the logs a plant reads when a figure is disputed', () => {
  it('操作日志 finds the warehouse edit by its code, with the value before and after', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/system', '/system/log');
    await quickSearch(page, warehouseCode);
    expect(await columnTexts(page, '单据类型')).toContain('仓库');
    expect(await columnTexts(page, '单据编号')).toContain(warehouseCode);
    expect(await columnTexts(page, '操作')).toContain('修改');
    expect((await columnTexts(page, '详情')).some((d) => d.includes('地址') && d.includes('-> 东门卸货区'))).toBe(true);
    await settled(page);
    await screenshot(page, 'operation-log');
  });

  it('称重日志 shows the weighing taken and the one refused, with the station and the reason', async () => {
    const { page } = stage;
    await openMenuLeaf(page, '/weigh', '/weigh/log');
    await quickSearch(page, 'E2E-LOG');
    const outcomes = await columnTexts(page, '结果');
    expect(outcomes).toEqual(expect.arrayContaining(['已过磅', '已拒绝']));
    expect(await columnTexts(page, '车牌号')).toContain(PLATE);
    expect((await columnTexts(page, '拒绝原因')).some((r) => r.length > 0)).toBe(true);
    await settled(page);
    await screenshot(page, 'weigh-log');
  });
});
