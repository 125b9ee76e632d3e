import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { lineQuantities, newNotice, newTicket, registryRow } from './test-support';

// What must happen once, asked several times at once: each answer is either the one success or a
// refusal that says why, and the notice line moves once.
const { app, database } = await createTestApp();
const { pool } = database;
let auth: string;
let org: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);
let serial = 20000;

async function registry(lineId: string, pre = 10) {
  const r = expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: `浙E${serial++}`, noticeLineId: lineId, preQuantity: pre } })).data;
  return r as { id: string; registryNo: string };
}

const times = <T>(n: number, work: () => Promise<T>) => Promise.all(Array.from({ length: n }, work));

describe('registry actions raced', () => {
  it('reserves once when one registry is audited five times at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const r = await registry(lineId, 10);
    const answers = await times(5, () => post('/api/registry/tr/audit', { ids: [r.id] }));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, 400, /不能重复审核/);
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 10, trips: 1 });
  });

  it('gives a closed trip\'s hold back once when two gates let it out at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const keep = await registry(lineId, 20);
    const r = await registry(lineId, 15);
    expectOk(await post('/api/registry/tr/audit', { ids: [keep.id, r.id] }));
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    // the first weighing hands the registry's hold to its ticket; the site closes it empty
    await pool.query('UPDATE wb_registry SET trip_state = \'WEIGHING\', reserved_quantity = 0 WHERE id = $1', [r.id]);
    await newTicket(pool, org, r.id, 'CLOSED', { closeKind: 'SINGLE_EMPTY', reserved: '15' });
    const answers = await times(5, () => post('/api/registry/tr/letout', { ids: [r.id] }));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expectFailure(a, 400, /不能重复出厂/);
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 20, trips: 1 });
    expect((await pool.query('SELECT reserved_quantity::float AS r FROM wb_ticket WHERE registry_id = $1', [r.id])).rows[0].r).toBe(0);
  });

  it('hands out distinct queue numbers when trucks are re-matched to one point at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    const regs = [];
    for (let i = 0; i < 6; i++) regs.push(await registry(lineId, 1));
    const { rows: [p] } = await pool.query('SELECT id::text FROM md_discharge_point WHERE org_id = $1 ORDER BY id DESC LIMIT 1', [org]);
    const answers = await Promise.all(regs.map((r) => post('/api/registry/tr/rematch', { ids: [r.id], dischargePointId: p.id })));
    for (const a of answers) expectOk(a);
    const numbers = await Promise.all(regs.map(async (r) => (await registryRow(pool, r.id)).queue_no as number));
    expect(new Set(numbers).size).toBe(6);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(5);
  });

  it('keeps one of two registries when each is merged into the other at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const plate = `浙E${serial++}`;
    const a = expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: plate, noticeLineId: lineId, preQuantity: 10 } })).data;
    const b = expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: plate, noticeLineId: lineId, preQuantity: 5 } })).data;
    expectOk(await post('/api/registry/tr/audit', { ids: [a.id, b.id] }));
    const answers = await Promise.all([post('/api/registry/tr/merge', { ids: [a.id, b.id] }), post('/api/registry/tr/merge', { ids: [b.id, a.id] })]);
    expect(answers.filter((x) => x.statusCode === 200)).toHaveLength(1);
    const statuses = [(await registryRow(pool, a.id)).doc_status, (await registryRow(pool, b.id)).doc_status].sort();
    expect(statuses).toEqual(['AUDITED', 'OBSOLETE']);
    expect(await lineQuantities(pool, lineId)).toEqual({ done: 0, inTransit: 15, trips: 1 });
  });
});
