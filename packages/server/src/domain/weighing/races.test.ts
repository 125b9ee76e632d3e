import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { lineFigures, makeNoticeLine, makeRegistry, plantOf, testPlate, type Plant } from './test-support';

/**
 * What must not happen twice, raced through the real routes on a real database: the notice line's
 * ceiling under many stations at once, one ticket completed by several calls, a retried call.
 */
let ctx: TestContext;
let op: string;
let plant: Plant;
let request = 0;

const body = (extra: Record<string, unknown>) => ({ stationId: `S${request % 3}`, requestId: `race-${request++}`, stable: true, ...extra });
const weigh = (which: 'first' | 'second', payload: Record<string, unknown>) => call(ctx.app, 'POST', `/api/weigh/pu/${which}`, op, payload);

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  plant = await plantOf(ctx.database.db);
  // the readings here repeat on purpose: the same-weight check would only warn, but keep the test about quantities
  await ctx.database.db.insertInto('sys_param').values({ org_id: plant.orgId, param_key: 'sameWeightCheck', param_value: 'none' })
    .onConflict((oc) => oc.columns(['org_id', 'param_key']).doUpdateSet({ param_value: 'none' })).execute();
});

/** Trucks through the gate on one line, each first weighed loaded. */
async function trucksOnLine(lineId: string, noticeId: string, n: number, preQuantity = '0') {
  const trucks: { registryId: string; plate: string }[] = [];
  for (let i = 0; i < n; i++) {
    const plate = testPlate('R');
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate, preQuantity });
    expectOk(await weigh('first', body({ registryId, weight: '40' })));
    trucks.push({ registryId, plate });
  }
  return trucks;
}

describe('weighing races', () => {
  it('never passes a notice line max limit when stations complete trucks at once', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '105' });
    const trucks = await trucksOnLine(lineId, noticeId, 12);
    // every truck nets 25 t: four fit under 105, the fifth would make 125
    const answers = await Promise.all(trucks.map((t) => weigh('second', body({ registryId: t.registryId, weight: '15' }))));
    const done = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(done).toHaveLength(4);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().msg).toMatch(/^超过通知单可用量：本车净重 25 吨，通知单剩余 5 吨$/);
    }
    expect(await lineFigures(ctx.database.db, lineId)).toEqual({ done: 100, inTransit: 0, doneTrips: 4, inTransitTrips: 0 });
    const completed = await ctx.database.db.selectFrom('wb_ticket').select((eb) => eb.fn.sum<string>('net').as('sum')).where('notice_line_id', '=', lineId)
      .where('state', '=', 'COMPLETED').executeTakeFirstOrThrow();
    expect(Number(completed.sum)).toBe(100);
  });

  it('keeps the ceiling when trucks hold pre-loads and complete over them', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '100' });
    const trucks = await trucksOnLine(lineId, noticeId, 4, '20');
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ inTransit: 80 });
    // each nets 28 t, 8 over its 20 t hold: two fit (56 done + 40 still held = 96); a third would make 84 + 20 = 104
    const answers = await Promise.all(trucks.map((t) => weigh('second', body({ registryId: t.registryId, weight: '12' }))));
    const ok = answers.filter((a) => a.statusCode === 200).length;
    const figures = await lineFigures(ctx.database.db, lineId);
    expect(figures.done + figures.inTransit).toBeLessThanOrEqual(100);
    expect(figures.done).toBe(ok * 28);
    expect(ok).toBe(2);
  });

  it('completes a ticket once when several calls complete it at once', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const [truck] = await trucksOnLine(lineId, noticeId, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => weigh('second', body({ plate: truck?.plate, weight: String(14 + i / 10) }))));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode, a.body).toBe(400);
      expect(a.json().msg).toMatch(/已完成，不能重复二次过磅$|没有待二次过磅的磅单$/);
    }
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ doneTrips: 1 });
    const rows = await ctx.database.db.selectFrom('wb_weighing as w').innerJoin('wb_ticket as t', 't.id', 'w.ticket_id').select('w.reading')
      .where('t.plate_number', '=', truck?.plate as string).execute();
    expect(rows.map((r) => r.reading).sort()).toEqual(['FIRST', 'SECOND']);
  });

  it('answers one request id sent several times at once with one weighing', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const [truck] = await trucksOnLine(lineId, noticeId, 1);
    const same = body({ registryId: truck?.registryId, weight: '14' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => weigh('second', same)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.filter((a) => a.json().data.replay === false)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().data.ticketId)).size).toBe(1);
    expect(await lineFigures(ctx.database.db, lineId)).toMatchObject({ done: 26, doneTrips: 1 });
  });

  it('opens one ticket when one truck is first weighed by two stations at once', async () => {
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const plate = testPlate('R');
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate });
    const answers = await Promise.all(Array.from({ length: 5 }, () => weigh('first', body({ registryId, weight: '40' }))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const tickets = await ctx.database.db.selectFrom('wb_ticket').select('id').where('registry_id', '=', registryId).execute();
    expect(tickets).toHaveLength(1);
  });
});
