import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';

// The operation log read through the list engine with its seeded template.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;

let admin: string;
let HDSN: string;
beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  HDSN = await orgId(pool, 'HDSN');
  await pool.query(
    `INSERT INTO sys_log (org_id, username, action, detail, ip, created_at) VALUES
       ($1, 'operator', 'logout', 'early', '10.0.0.7', '2026-03-01 08:00:00+08'),
       ($1, 'operator', 'modifyPassword', NULL, '10.0.0.7', '2026-03-02 12:00:00+08'),
       ($1, 'quality', 'logout', 'late', '10.0.0.9', '2026-03-03 18:00:00+08')`,
    [HDSN],
  );
});

const readLog = async (body: unknown) => expectOk(await call(app, 'POST', '/api/system/log/v2/list', admin, body)).data;
const sqlCount = async (condition: string, params: unknown[] = []) =>
  (await pool.query(`SELECT count(*)::int AS n FROM sys_log WHERE org_id = $1 AND ${condition}`, [HDSN, ...params])).rows[0].n;

describe('the operation log list', () => {
  it('opens newest first', async () => {
    const { list } = await readLog({ limit: { pn: 1, ps: 100 } });
    const times = list.map((r: { createDate: string }) => Date.parse(r.createDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Object.keys(list[0]).sort()).toEqual(['action', 'createDate', 'detail', 'docNo', 'family', 'id', 'ip', 'username']);
  });

  it('filters by action with eq, and refuses like on it', async () => {
    const data = await readLog({ search: [{ key: 'action', op: 'eq', val: 'logout' }] });
    expect(data.total).toBe(await sqlCount("action = 'logout'"));
    expect(data.list.every((r: { action: string }) => r.action === 'logout')).toBe(true);
    expectFailure(await call(app, 'POST', '/api/system/log/v2/list', admin, { search: [{ key: 'action', op: 'like', val: 'log' }] }), 400);
    expectFailure(await call(app, 'POST', '/api/system/log/v2/list', admin, { search: [{ key: 'action', op: 'eq', val: 'drop' }] }), 400);
  });

  it('filters by a time range given as ge plus le, in the plant time written with its zone', async () => {
    const range = [
      { key: 'createDate', op: 'ge', val: '2026-03-01T00:00:00+08:00' },
      { key: 'createDate', op: 'le', val: '2026-03-02T23:59:59+08:00' },
    ];
    const data = await readLog({ search: range });
    expect(data.total).toBe(2);
    expect(data.list.map((r: { detail: string | null }) => r.detail).sort()).toEqual(['early', null].sort());
  });

  it('finds a user by part of the name, and an address in the advanced query', async () => {
    expect((await readLog({ search: [{ key: 'username', op: 'like', val: 'ualit' }] })).total).toBe(await sqlCount("username LIKE '%ualit%'"));
    expect((await readLog({ search: [{ key: 'ip', op: 'eq', val: '10.0.0.7' }] })).total).toBe(2);
  });

  it('still answers a body with only a page, as before the engine', async () => {
    const data = await readLog({ limit: { pn: 1, ps: 2 } });
    expect(data.list).toHaveLength(2);
    expect(data.total).toBe(await sqlCount('true'));
  });
});

describe('the list call tells where its time went', () => {
  it('answers a Server-Timing header with the page and the total', async () => {
    const res = await call(app, 'POST', '/api/system/log/v2/list', admin, { limit: { pn: 1, ps: 10 } });
    expectOk(res);
    expect(res.headers['server-timing']).toMatch(/^page;dur=\d+\.\d, total;dur=\d+\.\d$/);
  });
});
