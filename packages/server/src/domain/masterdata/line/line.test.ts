import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';
import { linePointProblem } from './points';

// Lines and their control points, kept by the weighbridge operator.
const { app, database } = await createTestApp();
const { pool } = database;
const LINE = '/api/masterdata/line';
const POINT = '/api/masterdata/line-point';

let operator: string;
let accountant: string;
let HDJC: string;
beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDJC = await orgId(pool, 'HDJC');
});

const post = (url: string, body: unknown, who = operator) => call(app, 'POST', url, who, body);
const newLine = async (lineName: string, direction = 'SHIP') => expectOk(await post(`${LINE}/create`, { entity: { lineName, direction } })).data;
const addPoint = (lineId: string, seq: number, point: string) => post(`${POINT}/create`, { entity: { lineId, seq, point } });
const pointsOf = async (lineId: string) => (await pool.query('SELECT point FROM md_line_point WHERE line_id = $1 ORDER BY seq', [lineId])).rows.map((r) => r.point);

/** Waits until `n` sessions of this database wait on a lock. */
async function waitForBlocked(n: number) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows[0].n >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never saw ${n} sessions waiting`);
}

describe('lines', () => {
  it('numbers a new line and lists its points in order', async () => {
    const line = await newLine('熟料发货线路');
    expect(line.lineCode).toMatch(/^XL\d{3}$/);
    for (const [i, p] of ['SIGN_IN', 'GATE_IN', 'TARE', 'GROSS', 'GATE_OUT'].entries()) expectOk(await addPoint(line.id, (i + 1) * 10, p));
    const { data } = expectOk(await post(`${LINE}/v2/list`, { search: [{ key: 'lineCode', op: 'eq', val: line.lineCode }], limit: { pn: 1, ps: 10 } }));
    expect(data.list[0].points).toBe('签到→进厂→皮重→毛重→出厂');
    expectFailure(await post(`${LINE}/create`, { entity: { lineName: '无方向' } }), 400, /收发方向/);
  });

  it('refuses a point twice, a weighing before gate-in, and a point after gate-out, writing nothing', async () => {
    const line = await newLine('原煤收货线路', 'RECEIVE');
    expectFailure(await addPoint(line.id, 10, 'GROSS'), 400, '进厂必须在过磅（皮重、毛重）之前');
    expectOk(await addPoint(line.id, 20, 'GATE_IN'));
    expectFailure(await addPoint(line.id, 10, 'TARE'), 400, '进厂必须在过磅（皮重、毛重）之前');
    expectOk(await addPoint(line.id, 30, 'GROSS'));
    expectFailure(await addPoint(line.id, 40, 'GATE_IN'), 400, '控制点 进厂 在线路中已存在');
    expectFailure(await addPoint(line.id, 30, 'TARE'), 400, '顺序号 30 已存在');
    expectOk(await addPoint(line.id, 90, 'GATE_OUT'));
    expectFailure(await addPoint(line.id, 95, 'NET'), 400, '出厂必须是线路的最后一个控制点');
    expectOk(await addPoint(line.id, 50, 'TARE'));
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'GROSS', 'TARE', 'GATE_OUT']);
  });

  it('weighs tare first on a shipping line, and a line is not turned round against its points', async () => {
    const line = await newLine('袋装水泥发货');
    expectOk(await addPoint(line.id, 10, 'GATE_IN'));
    expectOk(await addPoint(line.id, 30, 'GROSS'));
    expectFailure(await addPoint(line.id, 40, 'TARE'), 400, '发货线路应先称皮重后称毛重');
    expectOk(await addPoint(line.id, 20, 'TARE'));
    const turned = await call(app, 'PUT', `${LINE}/update`, operator, { entity: { ...line, direction: 'RECEIVE' } });
    expectFailure(turned, 400, '收货线路应先称毛重后称皮重');
    expect((await pool.query('SELECT direction, version FROM md_line WHERE id = $1', [line.id])).rows[0]).toEqual({ direction: 'SHIP', version: 0 });
  });

  it('checks a moved point against the rest of its line', async () => {
    const line = await newLine('转运线路');
    expectOk(await addPoint(line.id, 10, 'GATE_IN'));
    const tare = expectOk(await addPoint(line.id, 20, 'TARE')).data;
    expectFailure(await call(app, 'PUT', `${POINT}/update`, operator, { entity: { ...tare, seq: 5 } }), 400, '进厂必须在过磅（皮重、毛重）之前');
    expectOk(await call(app, 'PUT', `${POINT}/update`, operator, { entity: { ...tare, seq: 30 } }));
  });

  it('refuses to delete gate-in while a weighing stays, or a line that has points; deletes them in turn', async () => {
    const line = await newLine('删除线路');
    const gateIn = expectOk(await addPoint(line.id, 10, 'GATE_IN')).data;
    const gross = expectOk(await addPoint(line.id, 20, 'GROSS')).data;
    expectFailure(await call(app, 'DELETE', `${POINT}/delList`, operator, { ids: [gateIn.id] }), 400, '进厂必须在过磅（皮重、毛重）之前');
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'GROSS']);
    expectFailure(await call(app, 'DELETE', `${LINE}/delList`, operator, { ids: [line.id] }), 400, `线路 ${line.lineCode} 已被其他单据或资料使用，不能删除`);
    expectOk(await call(app, 'DELETE', `${POINT}/delList`, operator, { ids: [gateIn.id, gross.id] }));
    expect(await pointsOf(line.id)).toEqual([]);
    expectOk(await call(app, 'DELETE', `${LINE}/delList`, operator, { ids: [line.id] }));
  });

  it('checks two points added to one line at once one after the other', async () => {
    const line = await newLine('并发线路');
    expectOk(await addPoint(line.id, 10, 'GATE_IN'));
    // each alone is fine; together the tare would follow gate-out. The line is held while both
    // arrive, so both are in flight before either is checked.
    const holder = await pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM md_line WHERE id = $1 FOR UPDATE', [line.id]);
    const pending = Promise.all([addPoint(line.id, 50, 'GATE_OUT'), addPoint(line.id, 60, 'TARE')]);
    await waitForBlocked(2);
    await holder.query('COMMIT');
    holder.release();
    const answers = await pending;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const { rows } = await pool.query('SELECT seq, point FROM md_line_point WHERE line_id = $1', [line.id]);
    expect(rows).toHaveLength(2);
    expect(linePointProblem(rows, 'SHIP')).toBeNull();
  });

  it("keeps to the company: another company's line is 404 and cannot be given points", async () => {
    const foreign = (await pool.query('SELECT id::text FROM md_line WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0].id;
    expectFailure(await call(app, 'GET', `${LINE}/get/${foreign}`, operator), 404);
    const before = await pointsOf(foreign);
    expectFailure(await addPoint(foreign, 99, 'NET'), 400);
    expect(await pointsOf(foreign)).toEqual(before);
    expectFailure(await post(`${LINE}/create`, { entity: { lineName: '会计的线路', direction: 'SHIP' } }, accountant), 403);
  });
});
