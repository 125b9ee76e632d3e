import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { historyRequest } from './history-query';
import { newNotice, newTicket } from './test-support';

// 出厂记录 (hisRelease) on a real database: released trips only, of the caller's company, searched
// by plate, notice, material and release time, a page at a time.
const { app, database } = await createTestApp();
const { pool } = database;
let auth: string;
let org: string;
let other: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
  other = await orgId(pool, 'HDJC');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);
type Row = Record<string, unknown>;
const history = async (body: unknown) => expectOk(await post('/api/registry/tr/hisRelease', body)).data as { list: Row[]; total: number };

/** A trip through the gate by the API: registered, audited, in, weighed (a finished ticket) and out at the given times. */
async function releasedTrip(plate: string, lineId: string, times: { in: string; out: string }) {
  const r = expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: plate, noticeLineId: lineId, preQuantity: 32, driverName: '钱师傅' } })).data as { id: string; registryNo: string };
  expectOk(await post('/api/registry/tr/audit', { ids: [r.id] }));
  expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
  await newTicket(pool, org, r.id, 'COMPLETED', { net: '30' });
  expectOk(await post('/api/registry/tr/letout', { ids: [r.id] }));
  // the gate stamped now(); the history is searched by time, so each trip gets its own
  await pool.query('UPDATE wb_registry SET entered_at = $2, released_at = $3 WHERE id = $1', [r.id, times.in, times.out]);
  return r;
}

let first: { registryNo: string; noticeNo: string };
let second: { registryNo: string; noticeNo: string };

beforeAll(async () => {
  const a = await newNotice(pool, org);
  const b = await newNotice(pool, org);
  first = { registryNo: (await releasedTrip('浙H30001', a.lineId, { in: '2026-10-01 08:00+08', out: '2026-10-01 09:35+08' })).registryNo, noticeNo: a.noticeNo };
  second = { registryNo: (await releasedTrip('浙H30002', b.lineId, { in: '2026-10-03 10:00+08', out: '2026-10-03 10:20+08' })).registryNo, noticeNo: b.noticeNo };
  // a truck still in the plant, and one registered but never in
  const inPlant = expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: '浙H30003', noticeLineId: a.lineId, preQuantity: 1 } })).data as { id: string };
  expectOk(await post('/api/registry/tr/audit', { ids: [inPlant.id] }));
  expectOk(await post('/api/registry/tr/letin', { ids: [inPlant.id] }));
  expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: '浙H30004', noticeLineId: a.lineId, preQuantity: 1 } }));
  // another company's released trip
  const n = await newNotice(pool, other);
  await pool.query(
    `INSERT INTO wb_registry (org_id, kind, registry_no, plate_number, notice_id, notice_line_id, pre_quantity, doc_status, trip_state, entered_at, released_at, release_kind)
     VALUES ($1, 'tr', 'JCX1', '浙H30009', $2, $3, 1, 'AUDITED', 'RELEASED', '2026-10-02 08:00+08', '2026-10-02 09:00+08', 'NORMAL')`,
    [other, n.noticeId, n.lineId]);
});

describe('released trips (hisRelease)', () => {
  it('lists the company\'s released trips only, newest release first, with the ticket\'s net and the time in the plant', async () => {
    const { list, total } = await history({ limit: { pn: 1, ps: 50 } });
    expect(total).toBe(2);
    expect(list.map((r) => r.plateNumber)).toEqual(['浙H30002', '浙H30001']);
    expect(list[1]).toMatchObject({
      registryNo: first.registryNo, noticeNo: first.noticeNo, driverName: '钱师傅', preQuantity: '32', net: '30', minutesInPlant: 95, releaseKind: 'NORMAL',
    });
    expect(typeof list[1].materialName).toBe('string');
    expect(list[0]).toMatchObject({ net: '30', minutesInPlant: 20 });
  });

  it('searches by plate, notice, material and release time', async () => {
    const plate = await history({ search: [{ key: 'plateNumber', op: 'like', val: '30001' }] });
    expect(plate.list.map((r) => r.registryNo)).toEqual([first.registryNo]);
    const notice = await history({ search: [{ key: 'noticeNo', op: 'eq', val: second.noticeNo }] });
    expect(notice.list.map((r) => r.registryNo)).toEqual([second.registryNo]);
    const material = String((await history({})).list[0].materialName);
    expect((await history({ search: [{ key: 'materialName', op: 'like', val: material }] })).total).toBe(2);
    expect((await history({ search: [{ key: 'materialName', op: 'like', val: '没有这种物料' }] })).total).toBe(0);
    const range = await history({ search: [{ key: 'releasedAt', op: 'ge', val: '2026-10-01 00:00:00+08' }, { key: 'releasedAt', op: 'le', val: '2026-10-02 23:59:59+08' }] });
    expect(range.list.map((r) => r.registryNo)).toEqual([first.registryNo]);
  });

  it('keeps its fixed filter: a search for trucks not yet out is refused', async () => {
    expectFailure(await post('/api/registry/tr/hisRelease', { search: [{ key: 'tripState', op: 'eq', val: 'ENTERED' }] }), 400, '字段 tripState 的值 ENTERED 不是可选值');
  });

  it('pages', async () => {
    const one = await history({ limit: { pn: 1, ps: 1 } });
    const two = await history({ limit: { pn: 2, ps: 1 } });
    expect([one.total, two.total]).toEqual([2, 2]);
    expect([one.list[0].registryNo, two.list[0].registryNo]).toEqual([second.registryNo, first.registryNo]);
  });

  it('answers GET with plain query words, a bare end day taking the whole day', async () => {
    const got = expectOk(await call(app, 'GET', '/api/registry/tr/hisRelease?releasedFrom=2026-10-03&releasedTo=2026-10-03&ps=5', auth)).data as { list: Row[] };
    expect(got.list.map((r) => r.registryNo)).toEqual([second.registryNo]);
    const byPlate = expectOk(await call(app, 'GET', `/api/registry/tr/hisRelease?plateNumber=${encodeURIComponent('浙H3000')}`, auth)).data as { total: number };
    expect(byPlate.total).toBe(2);
    expectFailure(await call(app, 'GET', '/api/registry/tr/hisRelease?releasedFrom=yesterday', auth), 400);
    expectFailure(await call(app, 'GET', '/api/registry/tr/hisRelease?colour=red', auth), 400);
  });

  it('refuses a search on a field the screen does not offer, and a user without the screen', async () => {
    expectFailure(await post('/api/registry/tr/hisRelease', { search: [{ key: 'remark', op: 'eq', val: 'x' }] }), 400);
    const quality = (await bearerFor(app, 'quality')).authorization;
    expectFailure(await call(app, 'POST', '/api/registry/tr/hisRelease', quality, {}), 403);
    const accountant = (await bearerFor(app, 'accountant')).authorization;
    expectOk(await call(app, 'POST', '/api/registry/tr/hisRelease', accountant, {}));
  });
});

describe('GET query words', () => {
  it('become list conditions', () => {
    expect(historyRequest({ plateNumber: '皖A', releasedTo: '2026-10-03', pn: 2 })).toEqual({
      search: [{ key: 'plateNumber', op: 'like', val: '皖A' }, { key: 'releasedAt', op: 'le', val: '2026-10-03 23:59:59' }],
      limit: { pn: 2, ps: 20 },
    });
  });
});
