import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';

// The logs of the system folder: pushes of other systems, the server's 500s and what the browser reports.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
let admin: string;
let operator: string;
let accountant: string;

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
});

const list = async (url: string, body: unknown = {}, who = admin) => expectOk(await call(app, 'POST', url, who, body)).data;

describe('the web service log', () => {
  it('keeps a datax push with its payload, its answer and its caller, and a refused push as well', async () => {
    const entities = [{ plateNumber: '浙E7W001', carType: '重型自卸货车', axleType: 4 }];
    expectOk(await call(app, 'POST', '/api/masterdata/vehicle/datax', operator, { entities }));
    expectFailure(await call(app, 'POST', '/api/masterdata/vehicle/datax', operator, { entities: [{ plateNumber: '' }] }), 400);
    const { list: rows } = await list('/api/system/ws-log/v2/list', { search: [{ key: 'url', op: 'eq', val: '/api/masterdata/vehicle/datax' }] });
    expect(rows).toHaveLength(2);
    const [refused, accepted] = rows;
    expect(accepted).toMatchObject({ username: 'operator', success: true, status: 200 });
    expect(JSON.parse(accepted.payload)).toEqual({ entities });
    expect(JSON.parse(accepted.answer)).toMatchObject({ success: true, data: { created: 1, updated: 0 } });
    expect(refused).toMatchObject({ username: 'operator', success: false, status: 400 });
    expect(JSON.parse(refused.answer)).toMatchObject({ success: false, code: 400 });
    expect(Date.parse(accepted.createDate)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is for administrators', async () => {
    expectFailure(await call(app, 'POST', '/api/system/ws-log/v2/list', operator, {}), 403);
  });
});

describe('the system log', () => {
  it('keeps a 500 by its request id with the stack, while the answer shows neither the stack nor the error', async () => {
    // a table gone from under a query is an error nobody handles: the server's own fault
    await pool.query('ALTER TABLE md_vehicle RENAME TO md_vehicle_away');
    let res;
    try {
      res = await call(app, 'POST', '/api/masterdata/vehicle/v2/list', admin, {});
    } finally {
      await pool.query('ALTER TABLE md_vehicle_away RENAME TO md_vehicle');
    }
    const body = expectFailure(res, 500);
    expect(res.body).not.toMatch(/md_vehicle|at .*\.ts|stack/);
    const requestId = (body.data as { requestId: string }).requestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const { list: rows } = await list('/api/system/error-log/v2/list', { search: [{ key: 'requestId', op: 'eq', val: requestId }] });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ requestId, username: 'admin', method: 'POST', url: '/api/masterdata/vehicle/v2/list' });
    expect(rows[0].message).toMatch(/md_vehicle/);
    expect(rows[0].stack).toMatch(/\n\s+at /);
    const searched = await list('/api/system/error-log/v2/list', { search: [{ key: 'message', op: 'like', val: 'md_vehicle' }] });
    expect(searched.list.map((r: { requestId: string }) => r.requestId)).toContain(requestId);
  });

  it('is read by administrators only', async () => {
    expectFailure(await call(app, 'POST', '/api/system/error-log/v2/list', accountant, {}), 403);
    expectFailure(await call(app, 'POST', '/api/system/error-log/v2/list', operator, {}), 403);
  });
});

describe('the admin log (the browser reporting its own failures)', () => {
  it('takes what a signed-in page posts, telling a failed chunk load apart, and refuses a malformed entry', async () => {
    const posted = await call(app, 'POST', '/api/admin/log/logs', operator, [
      { type: 'render', message: 'Cannot read properties of undefined', url: '/weigh/pu', stack: 'TypeError: x\n    at Grid', info: 'in Grid' },
      { type: 'error', message: 'Failed to fetch dynamically imported module: /assets/WeighPage-abc.js', url: '/weigh/pu' },
    ], { 'user-agent': 'Chromium test' });
    expect(expectOk(posted).data).toEqual({ count: 2 });
    expectFailure(await call(app, 'POST', '/api/admin/log/logs', operator, { type: 'render', message: '' }), 400, /错误信息不能为空/);
    expectFailure(await call(app, 'POST', '/api/admin/log/logs', operator, { type: 'boom', message: 'x' }), 400);
    expectFailure(await call(app, 'POST', '/api/admin/log/logs', undefined, { type: 'render', message: 'x' }), 401);

    const page = expectOk(await call(app, 'GET', '/api/admin/log/page?current=1&size=10', admin)).data;
    expect(page.total).toBe(2);
    const chunk = page.list.find((r: { type: string }) => r.type === 'chunk');
    expect(chunk).toMatchObject({ username: 'operator', url: '/weigh/pu', userAgent: 'Chromium test' });
    const render = page.list.find((r: { type: string }) => r.type === 'render');
    expect(expectOk(await call(app, 'GET', `/api/admin/log/${render.id}`, admin)).data).toMatchObject({ title: 'Cannot read properties of undefined', stack: 'TypeError: x\n    at Grid' });
    expectFailure(await call(app, 'GET', '/api/admin/log/page', operator), 403);
    expectFailure(await call(app, 'GET', '/api/admin/log/999999', admin), 404);

    // the screen's list reads the same rows
    expect((await list('/api/system/admin-log/v2/list', { search: [{ key: 'type', op: 'eq', val: 'chunk' }] })).total).toBe(1);

    expectFailure(await call(app, 'DELETE', `/api/admin/log/${render.id}`, operator), 403);
    expectOk(await call(app, 'DELETE', `/api/admin/log/${render.id}`, admin));
    expectFailure(await call(app, 'GET', `/api/admin/log/${render.id}`, admin), 404);
    const logged = await pool.query(`SELECT action, family, doc_no FROM sys_log WHERE action = 'deleteAdminLog'`);
    expect(logged.rows).toEqual([{ action: 'deleteAdminLog', family: '前端日志', doc_no: render.id }]);
    expectOk(await call(app, 'DELETE', '/api/system/admin-log/delList', admin, { ids: [chunk.id] }));
    expect(expectOk(await call(app, 'GET', '/api/admin/log/page', admin)).data.total).toBe(0);
  });
});
