import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';
import { linePointProblem } from './points';

// Lines and their control points, kept by the weighbridge operator.
const { app, database } = await createTestApp();
const { pool } = database;
const LINE = '/api/masterdata/line';

let operator: string;
let accountant: string;
let HDJC: string;
beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  HDJC = await orgId(pool, 'HDJC');
});

/** Waits until `n` sessions of this database wait on a lock. */
async function waitForBlocked(n: number) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows[0].n >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never saw ${n} sessions waiting`);
}

const post = (url: string, body: unknown, who = operator) => call(app, 'POST', url, who, body);
const put = (body: unknown, who = operator) => call(app, 'PUT', `${LINE}/update`, who, body);
const rows = (...points: string[]) => points.map((point) => ({ point }));
const newLine = async (lineName: string, direction = 'SHIP', ...points: string[]) =>
  expectOk(await post(`${LINE}/create`, { entity: { lineName, direction }, entitysub: rows(...points) })).data;
const pointsOf = async (lineId: string) => (await pool.query('SELECT point FROM md_line_point WHERE line_id = $1 ORDER BY seq', [lineId])).rows.map((r) => r.point);
const lineVersion = async (lineId: string) => (await pool.query('SELECT version FROM md_line WHERE id = $1', [lineId])).rows[0].version as number;

describe('lines', () => {
  it('numbers a new line, keeps its points in the order given and lists them in order', async () => {
    const line = await newLine('熟料发货线路', 'SHIP', 'SIGN_IN', 'GATE_IN', 'TARE', 'GROSS', 'GATE_OUT');
    expect(line.lineCode).toMatch(/^XL\d{3}$/);
    expect(line.entitysub.map((p: { pointSeq: number; point: string }) => `${p.pointSeq}:${p.point}`)).toEqual(['1:SIGN_IN', '2:GATE_IN', '3:TARE', '4:GROSS', '5:GATE_OUT']);
    const { data } = expectOk(await post(`${LINE}/v2/list`, { search: [{ key: 'lineCode', op: 'eq', val: line.lineCode }], limit: { pn: 1, ps: 10 } }));
    expect(data.list[0].points).toBe('签到→进厂→皮重→毛重→出厂');
    expectFailure(await post(`${LINE}/create`, { entity: { lineName: '无方向' } }), 400, /收发方向/);
  });

  it("keeps each point's opening hours and minutes; the list totals the minutes of the route", async () => {
    const line = expectOk(await post(`${LINE}/create`, { entity: { lineName: '夜间发货线路', direction: 'SHIP' }, entitysub: [
      { point: 'GATE_IN', openHours: ['06:00:00', '22:00:00'], dwellMinutes: 5 },
      { point: 'TARE', dwellMinutes: 10 },
      { point: 'GATE_OUT', openHours: '22:00,06:00', dwellMinutes: '3' },
    ] })).data;
    const { rows: stored } = await pool.query('SELECT open_hours, dwell_minutes FROM md_line_point WHERE line_id = $1 ORDER BY seq', [line.id]);
    expect(stored).toEqual([
      { open_hours: '06:00:00,22:00:00', dwell_minutes: 5 }, { open_hours: null, dwell_minutes: 10 }, { open_hours: '22:00:00,06:00:00', dwell_minutes: 3 },
    ]);
    expect(line.entitysub[0].openHours).toBe('06:00:00,22:00:00');
    const { data } = expectOk(await post(`${LINE}/v2/list`, { search: [{ key: 'lineCode', op: 'eq', val: line.lineCode }], limit: { pn: 1, ps: 10 } }));
    expect(Number(data.list[0].dwellMinutes)).toBe(18);
    const bad = await put({ entity: line, entitysub: [line.entitysub[0], { ...line.entitysub[1], openHours: ['06:00:00'] }, { ...line.entitysub[2], dwellMinutes: 1440 }] });
    const body = expectFailure(bad, 400, '第2行 开放时间应为两个时间 HH:mm:ss');
    expect((body.data as { errors: { message: string }[] }).errors.map((e) => e.message)).toEqual(['第2行 开放时间应为两个时间 HH:mm:ss', '第3行 停留分钟应小于1440']);
    expect((await pool.query('SELECT version FROM md_line WHERE id = $1', [line.id])).rows[0].version).toBe(0);
  });

  it('refuses a point twice, a weighing before gate-in, and a point after gate-out, naming the row and writing nothing', async () => {
    const count = async () => (await pool.query('SELECT count(*)::int AS n FROM md_line')).rows[0].n as number;
    const before = await count();
    const create = (...points: string[]) => post(`${LINE}/create`, { entity: { lineName: '原煤收货线路', direction: 'RECEIVE' }, entitysub: rows(...points) });
    expectFailure(await create('GROSS', 'GATE_IN'), 400, '第1行 进厂必须在过磅（皮重、毛重）之前');
    expectFailure(await create('GATE_IN', 'GROSS', 'GATE_IN'), 400, '第3行 控制点 进厂 与第1行重复');
    const after = expectFailure(await create('GATE_IN', 'GROSS', 'GATE_OUT', 'NET'), 400, '第3行 出厂必须是线路的最后一个控制点');
    expect(after.data).toMatchObject({ field: 'entitysub.2.point' });
    expectFailure(await create('GATE_IN', 'GROSS', 'WEIGH'), 400, /第3行 控制点的值/);
    expect(await count()).toBe(before);
    const line = await newLine('原煤收货线路', 'RECEIVE', 'GATE_IN', 'GROSS', 'TARE', 'GATE_OUT');
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'GROSS', 'TARE', 'GATE_OUT']);
  });

  it('weighs tare first on a shipping line, and a line is not turned round against its points', async () => {
    expectFailure(await post(`${LINE}/create`, { entity: { lineName: '袋装水泥发货', direction: 'SHIP' }, entitysub: rows('GATE_IN', 'GROSS', 'TARE') }), 400, '第3行 发货线路应先称皮重后称毛重');
    const line = await newLine('袋装水泥发货', 'SHIP', 'GATE_IN', 'TARE', 'GROSS');
    // the points are not sent: the line's stored points are checked against the new direction
    const { entitysub: _points, ...header } = line;
    expectFailure(await put({ entity: { ...header, direction: 'RECEIVE' } }), 400, '第3行 收货线路应先称毛重后称皮重');
    expect((await pool.query('SELECT direction, version FROM md_line WHERE id = $1', [line.id])).rows[0]).toEqual({ direction: 'SHIP', version: 0 });
    // turned round with its weighings swapped in the same save
    const [gateIn, tare, gross] = line.entitysub;
    expectOk(await put({ entity: { ...header, direction: 'RECEIVE' }, entitysub: [gateIn, gross, tare] }));
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'GROSS', 'TARE']);
  });

  it('checks a moved point against the rest of its line', async () => {
    const line = await newLine('转运线路', 'SHIP', 'GATE_IN', 'TARE');
    const [gateIn, tare] = line.entitysub;
    expectFailure(await put({ entity: line, entitysub: [tare, gateIn] }), 400, '第1行 进厂必须在过磅（皮重、毛重）之前');
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'TARE']);
    expectOk(await put({ entity: line, entitysub: [gateIn, { point: 'SCENE_CONFIRM' }, tare] }));
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'SCENE_CONFIRM', 'TARE']);
  });

  it('takes two points swapped between their rows in one save, keeping each row', async () => {
    const line = await newLine('换点线路', 'RECEIVE', 'GATE_IN', 'GROSS', 'TARE');
    const [gateIn, gross, tare] = line.entitysub;
    // turned into a shipping line, the weighings chosen again in their rows instead of dragged
    const saved = expectOk(await put({ entity: { ...line, direction: 'SHIP' }, entitysub: [gateIn, { ...gross, point: 'TARE' }, { ...tare, point: 'GROSS' }] })).data;
    expect(saved.entitysub.map((p: { id: string; point: string }) => [p.id, p.point])).toEqual([[gateIn.id, 'GATE_IN'], [gross.id, 'TARE'], [tare.id, 'GROSS']]);
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'TARE', 'GROSS']);
  });

  it('refuses to drop gate-in while a weighing stays; deletes a line with its points', async () => {
    const line = await newLine('删除线路', 'SHIP', 'GATE_IN', 'GROSS');
    const [, gross] = line.entitysub;
    expectFailure(await put({ entity: line, entitysub: [gross] }), 400, '第1行 进厂必须在过磅（皮重、毛重）之前');
    expect(await pointsOf(line.id)).toEqual(['GATE_IN', 'GROSS']);
    expectOk(await call(app, 'DELETE', `${LINE}/delList`, operator, { ids: [line.id] }));
    expect(await pointsOf(line.id)).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM md_line WHERE id = $1', [line.id])).rows[0].n).toBe(0);
  });

  it('saves one of two edits of one line made at once; the other is a conflict and its points are not written', async () => {
    const line = await newLine('并发线路', 'SHIP', 'GATE_IN');
    // each alone is fine. The line is held while both arrive, so both are in flight before either is checked.
    const holder = await pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM md_line WHERE id = $1 FOR UPDATE', [line.id]);
    const pending = Promise.all([
      put({ entity: line, entitysub: [...line.entitysub, { point: 'GATE_OUT' }] }),
      put({ entity: line, entitysub: [...line.entitysub, { point: 'TARE' }] }),
    ]);
    await waitForBlocked(2);
    await holder.query('COMMIT');
    holder.release();
    const answers = await pending;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { rows: stored } = await pool.query('SELECT seq, point FROM md_line_point WHERE line_id = $1', [line.id]);
    expect(stored).toHaveLength(2);
    expect(linePointProblem(stored, 'SHIP')).toBeNull();
    expect(await lineVersion(line.id)).toBe(1);
  });

  it("keeps to the company: another company's line is 404 and its points cannot be taken", async () => {
    const foreign = (await pool.query('SELECT id::text FROM md_line WHERE org_id = $1 LIMIT 1', [HDJC])).rows[0].id;
    expectFailure(await call(app, 'GET', `${LINE}/get/${foreign}`, operator), 404);
    const before = await pointsOf(foreign);
    const foreignPoint = (await pool.query('SELECT id::text FROM md_line_point WHERE line_id = $1 LIMIT 1', [foreign])).rows[0].id;
    const mine = await newLine('本公司线路', 'SHIP', 'GATE_IN');
    expectFailure(await put({ entity: mine, entitysub: [{ id: foreignPoint, point: 'GATE_IN' }] }), 400, `第1行 控制点 ${foreignPoint} 不属于此线路`);
    expect(await pointsOf(foreign)).toEqual(before);
    expectFailure(await post(`${LINE}/create`, { entity: { lineName: '会计的线路', direction: 'SHIP' } }, accountant), 403);
  });
});
