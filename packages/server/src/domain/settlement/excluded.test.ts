import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { plantOf, weighPurchase, type Plant } from '../weighing/test-support';
import { auditedPurchase } from './test-support';
import { excludedCounts, excludedText } from './rules';

/**
 * An empty 确认磅单 says why: the vendor's tickets of the period that are no candidate, counted by
 * reason (not audited, held by another settlement by its number), or that the period has none.
 */
let ctx: TestContext;
let ac: string;
let plant: Plant;
const PU = '/api/settlement/pu';
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const hour = 3_600_000;
const post = (path: string, payload: unknown = {}) => call(ctx.app, 'POST', path, ac, payload);
const create = async (periodFrom: string, periodTo: string) =>
  expectOk(await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, periodFrom, periodTo } })).data as { id: string; settleNo: string };
interface Listed { total: number; rows: { id: string }[]; excluded?: { reason: string; label: string; count: number; settleNo: string | null }[]; excludedText?: string }

beforeAll(async () => {
  ctx = await createTestApp();
  const op = (await bearerFor(ctx.app, 'operator')).authorization;
  const adm = (await bearerFor(ctx.app, 'admin')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  plant = await plantOf(ctx.database.db);
  // two weighed out and never audited, one audited
  await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'X1' });
  await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'X2' });
  const held = await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm);
  const from = wire(new Date(Date.now() - 24 * hour));
  const to = wire(new Date(Date.now() + 24 * hour));
  const first = await create(from, to);
  expectOk(await post(`${PU}/confirmPounds/${first.id}`, { ticketIds: [held.id] }));
  Object.assign(shared, { from, to, first });
});
const shared = {} as { from: string; to: string; first: { id: string; settleNo: string } };

describe('an empty pick list', () => {
  it('counts the period\'s tickets by what rules them out, naming the settlement that holds one', async () => {
    const s = await create(shared.from, shared.to);
    const listed = expectOk(await post(`${PU}/weightLists`, { settlementId: s.id })).data as Listed;
    expect(listed.rows).toEqual([]);
    expect(listed.excluded).toEqual([
      { reason: 'NOT_AUDITED', label: '未审核', count: 2, settleNo: null },
      { reason: 'HELD', label: `已被结算单 ${shared.first.settleNo} 占用`, count: 1, settleNo: shared.first.settleNo },
    ]);
    expect(listed.excludedText).toBe(`期间内的磅单不可结算：未审核 2 张；已被结算单 ${shared.first.settleNo} 占用 1 张`);
    // the settlement holding the ticket offers it again among its candidates, so it is no reason there
    const own = expectOk(await post(`${PU}/weightLists`, { settlementId: shared.first.id })).data as Listed;
    expect(own.rows).toHaveLength(1);
    expect(own.excluded).toBeUndefined();
  });

  it('says the period has no ticket of the vendor at all', async () => {
    const s = await create('2020-01-01 00:00:00', '2020-02-01 00:00:00');
    const listed = expectOk(await post(`${PU}/weightLists`, { settlementId: s.id })).data as Listed;
    expect(listed.excluded).toEqual([]);
    expect(listed.excludedText).toBe('期间内没有该供应商的磅单');
  });
});

describe('the reasons', () => {
  it('keep the order a ticket is judged in, drop empty counts and put the largest holder first', () => {
    const list = excludedCounts([
      { reason: 'HELD', settleNo: 'A', count: 1 }, { reason: 'HELD', settleNo: 'B', count: 3 }, { reason: 'NOT_AUDITED', settleNo: null, count: 2 },
      { reason: 'NO_CARRIER', settleNo: null, count: 0 },
    ]);
    expect(list.map((r) => r.label)).toEqual(['未审核', '已被结算单 B 占用', '已被结算单 A 占用']);
    expect(excludedText(list)).toBe('期间内的磅单不可结算：未审核 2 张；已被结算单 B 占用 3 张；已被结算单 A 占用 1 张');
  });
});
