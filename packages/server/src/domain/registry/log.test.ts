import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { lineQuantities, newCard, newNotice, newTicket, registryRow } from './test-support';

// Every change a registry's own calls make writes its operation-log entry in the change's own
// transaction: one per registry, under the kind's word and the registry number; a refusal writes
// none and changes nothing.
const { app, database } = await createTestApp();
const { pool } = database;
let auth: string;
let org: string;

beforeAll(async () => {
  auth = (await bearerFor(app, 'operator')).authorization;
  org = await orgId(pool, 'HDSN');
});

const post = (url: string, body: unknown) => call(app, 'POST', url, auth, body);
let plateSerial = 30000;
const nextPlate = () => `浙F${plateSerial++}`;

interface Entry { action: string; family: string | null; docNo: string | null; detail: string | null; orgId: string }

const lastLogId = async () => Number((await pool.query('SELECT coalesce(max(id), 0) AS n FROM sys_log')).rows[0].n);
const logsSince = async (id: number): Promise<Entry[]> =>
  (await pool.query('SELECT action, family, doc_no AS "docNo", detail, org_id::text AS "orgId" FROM sys_log WHERE id > $1 ORDER BY id', [id])).rows;

/** What a call wrote to the log. */
async function logged(work: () => Promise<unknown>): Promise<Entry[]> {
  const since = await lastLogId();
  await work();
  return logsSince(since);
}

async function draft(lineId: string, extra: Record<string, unknown> = {}) {
  return expectOk(await post('/api/registry/tr/create', { entity: { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 30, ...extra } })).data as { id: string; registryNo: string };
}

async function audited(lineId: string, extra: Record<string, unknown> = {}) {
  const r = await draft(lineId, extra);
  expectOk(await post('/api/registry/tr/audit', { ids: [r.id] }));
  return r;
}

describe('the log of the document actions', () => {
  it('writes one audit entry per registry of a batch, with the hold it took', async () => {
    const { lineId } = await newNotice(pool, org);
    const a = await draft(lineId, { preQuantity: 30 });
    const b = await draft(lineId, { preQuantity: '12.5' });
    const entries = await logged(async () => expectOk(await post('/api/registry/tr/audit', { ids: [a.id, b.id] })));
    expect(entries.map((e) => [e.action, e.family, e.docNo, e.detail]).sort()).toEqual([
      ['audit', '移库登记单', a.registryNo, '占用预装数 30'],
      ['audit', '移库登记单', b.registryNo, '占用预装数 12.5'],
    ].sort());
    expect(entries.every((e) => e.orgId === org)).toBe(true);
  });

  it('writes unaudit, obsolete, recover, disable and enable each once, and the give-back of the hold', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 20 });
    const steps: [string, string | null][] = [['unaudit', '退回占用 20'], ['obsolete', null], ['recover', null], ['disable', null], ['enable', null]];
    for (const [action, detail] of steps) {
      const entries = await logged(async () => expectOk(await post(`/api/registry/tr/${action}`, { ids: [r.id] })));
      expect(entries).toEqual([{ action, family: '移库登记单', docNo: r.registryNo, detail, orgId: org }]);
    }
  });

  it('writes none when one registry of a batch is refused, and moves nothing', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const a = await draft(lineId, { preQuantity: 10 });
    const b = await audited(lineId, { preQuantity: 10 });
    const before = await lineQuantities(pool, lineId);
    const entries = await logged(async () => expectFailure(await post('/api/registry/tr/audit', { ids: [a.id, b.id] }), 400, /不能重复审核/));
    expect(entries).toEqual([]);
    expect(await lineQuantities(pool, lineId)).toEqual(before);
    expect((await registryRow(pool, a.id)).doc_status).toBe('FREE');
  });

  it('writes a delete entry per draft deleted by updateDel', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await draft(lineId);
    const entries = await logged(async () => expectOk(await post('/api/registry/tr/updateDel', { ids: [r.id] })));
    expect(entries).toEqual([{ action: 'delete', family: '移库登记单', docNo: r.registryNo, detail: null, orgId: org }]);
  });
});

describe('the log of the gate', () => {
  it('writes one letin and one letout entry, under the kind\'s word', async () => {
    const { lineId } = await newNotice(pool, org, { kind: 'pu' });
    const r = expectOk(await post('/api/registry/pu/create', { entity: { plateNumber: nextPlate(), noticeLineId: lineId, preQuantity: 25, shippedQuantity: 25 } })).data;
    expectOk(await post('/api/registry/pu/audit', { ids: [r.id] }));
    const inside = await logged(async () => expectOk(await post('/api/registry/pu/entrance', { ids: [r.id] })));
    expect(inside).toEqual([{ action: 'letin', family: '采购登记单', docNo: r.registryNo, detail: '入厂', orgId: org }]);
    await newTicket(pool, org, r.id, 'CLOSED', { closeKind: 'SINGLE_EMPTY' });
    const out = await logged(async () => expectOk(await post('/api/registry/pu/letout', { ids: [r.id] })));
    expect(out).toEqual([{ action: 'letout', family: '采购登记单', docNo: r.registryNo, detail: '出厂（车辆空出），退回占用 25', orgId: org }]);
  });

  it('writes an entry for a truck let out with its ticket finished, without a give-back', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    expectOk(await post('/api/registry/tr/letin', { ids: [r.id] }));
    await newTicket(pool, org, r.id, 'COMPLETED');
    const out = await logged(async () => expectOk(await post('/api/registry/tr/release', { ids: [r.id] })));
    expect(out).toEqual([{ action: 'letout', family: '移库登记单', docNo: r.registryNo, detail: '出厂', orgId: org }]);
  });

  it('writes none for a registry not audited let in, and leaves it outside', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await draft(lineId);
    const entries = await logged(async () => expectFailure(await post('/api/registry/tr/letin', { ids: [r.id] }), 400, `登记单 ${r.registryNo} 未审核，不能入厂`));
    expect(entries).toEqual([]);
    expect(await registryRow(pool, r.id)).toMatchObject({ trip_state: 'PLANNED', entered_at: null });
  });

  it('writes one letin entry when two registries of one truck are let in at once', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    const plate = nextPlate();
    const a = await audited(lineId, { plateNumber: plate, preQuantity: 1 });
    const b = await audited(lineId, { plateNumber: plate, preQuantity: 1 });
    const entries = await logged(() => Promise.all([a, b].map((r) => post('/api/registry/tr/letin', { ids: [r.id] }))));
    expect(entries.filter((e) => e.action === 'letin')).toHaveLength(1);
    const inside = [await registryRow(pool, a.id), await registryRow(pool, b.id)].filter((x) => x.trip_state === 'ENTERED');
    expect(inside).toHaveLength(1);
    expect(entries[0].docNo).toBe(inside[0].registry_no);
  });
});

describe('the log of cards, queues and merges', () => {
  it('writes the card bound, then the card put in its place', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    await newCard(pool, org, '1A2B3C4D');
    await newCard(pool, org, '5E6F7A8B');
    const first = await logged(async () => expectOk(await post('/api/registry/tr/supplement', { id: r.id, cardUid: '1A2B3C4D' })));
    expect(first).toEqual([{ action: 'supplement', family: '移库登记单', docNo: r.registryNo, detail: '绑定卡号 K1A2B3C', orgId: org }]);
    const second = await logged(async () => expectOk(await post('/api/registry/tr/card/write', { id: r.id, cardUid: '5e6f7a8b' })));
    expect(second).toEqual([{ action: 'writeCard', family: '移库登记单', docNo: r.registryNo, detail: '补卡 K1A2B3C -> K5E6F7A', orgId: org }]);
  });

  it('writes none for a lost card, and binds nothing', async () => {
    const { lineId } = await newNotice(pool, org);
    const r = await audited(lineId, { preQuantity: 1 });
    await newCard(pool, org, '2B3C4D5E', { state: 'LOST' });
    const entries = await logged(async () => expectFailure(await post('/api/registry/tr/supplement', { id: r.id, cardUid: '2B3C4D5E' }), 400, /已挂失/));
    expect(entries).toEqual([]);
    expect((await registryRow(pool, r.id)).ic_card_id).toBeNull();
  });

  it('writes one rematch entry per registry, with the point and its number in the queue', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '500' });
    const regs = [await audited(lineId, { preQuantity: 1 }), await audited(lineId, { preQuantity: 1 })];
    const { rows: [p] } = await pool.query('SELECT id::text, title FROM md_discharge_point WHERE org_id = $1 ORDER BY id LIMIT 1', [org]);
    const entries = await logged(async () => expectOk(await post('/api/registry/tr/rematch', { ids: regs.map((r) => r.id), dischargePointId: p.id })));
    const queue = await Promise.all(regs.map(async (r) => (await registryRow(pool, r.id)).queue_no));
    expect(entries).toEqual(regs.map((r, i) => ({ action: 'rematch', family: '移库登记单', docNo: r.registryNo, detail: `重新匹配 ${p.title}，排队号 ${queue[i]}`, orgId: org })));
    const refused = await logged(async () => expectFailure(await post('/api/registry/tr/rematch', { ids: [regs[0].id], dischargePointId: '999999' }), 400, '卸货地点不存在'));
    expect(refused).toEqual([]);
    expect((await registryRow(pool, regs[0].id)).queue_no).toBe(queue[0]);
  });

  it('writes one merge entry for each of the two registries', async () => {
    const { lineId } = await newNotice(pool, org, { maxLimit: '100' });
    const plate = nextPlate();
    const keep = await audited(lineId, { plateNumber: plate, preQuantity: 20 });
    const gone = await audited(lineId, { plateNumber: plate, preQuantity: 15 });
    const entries = await logged(async () => expectOk(await post('/api/registry/tr/merge', { ids: [keep.id, gone.id] })));
    const both = `合并 ${keep.registryNo}+${gone.registryNo}`;
    expect(entries).toEqual([
      { action: 'merge', family: '移库登记单', docNo: keep.registryNo, detail: `${both}，预装数 20 -> 35`, orgId: org },
      { action: 'merge', family: '移库登记单', docNo: gone.registryNo, detail: `${both}，并入 ${keep.registryNo}`, orgId: org },
    ]);
    const third = await audited(lineId, { preQuantity: 1 });
    const refused = await logged(async () => expectFailure(await post('/api/registry/tr/merge', { ids: [keep.id, third.id] }), 400, /不是同一车辆/));
    expect(refused).toEqual([]);
    expect(await registryRow(pool, keep.id)).toMatchObject({ pre: 35, doc_status: 'AUDITED' });
  });
});
