import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness';
import type { ReportDataset } from '../../platform/reports/dataset';
import { executeDataset, orderedQuery } from '../../platform/reports/execute';
import { freightDataset, moneyDataset, operatorDataset, stockDataset } from './ledgers';
import { buildKnownPlant, type KnownPlant } from './test-support/plant';
import { weighDaySummaryCheck } from './consistency-repo';
import { sealAll } from './seal-repo';
import { dailyDataset, monthlyDataset, yearlyDataset } from './weighing';

const { database } = await freshDatabase();
const { pool } = database;
let p: KnownPlant;

beforeAll(async () => {
  p = await buildKnownPlant(pool);
});

const ZONE = 'Asia/Shanghai';

/** The dataset's rows for company `orgId` (A unless told), through the report centre's executor. */
async function rows(dataset: ReportDataset, params: Record<string, unknown>, orgId = p.a, timeZone = ZONE): Promise<Record<string, unknown>[]> {
  const input = { orgId, userId: p.operator, params, timeZone };
  return executeDataset(pool, dataset, async (c) => (await c.query(orderedQuery(dataset, input, dataset.fields.slice(0, 6).map((f) => ({ key: f.key, dir: 'asc' as const }))))).rows);
}

const pick = (r: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, r[k]]));

/**
 * The weighing reports, read twice: from the tickets alone (nothing sealed), then with the known
 * plant's days sealed into the weighing summary (seal-repo.ts, migration 082), with the same figures.
 */
function weighingReports(): void {
  describe('过磅日报 (weighing.daily)', () => {
    const keys = ['kind', 'kindName', 'materialName', 'partyName', 'trips', 'net', 'amount', 'prevTrips', 'prevNet', 'prevAmount', 'prevNetChange',
      'lastMonthTrips', 'lastMonthNet', 'lastMonthAmount', 'lastMonthNetChange'];

    it('counts a day per kind, material and party against the day before and the same day last month, by the plant\'s midnight', async () => {
      const got = (await rows(dailyDataset, { day: '2025-03-11' })).map((r) => pick(r, keys));
      expect(got).toEqual([
        {
          // t1 at 00:30 is the 11th's, t3 at 23:30 the 10th's; t9 at 00:10 on the 12th is neither
          kind: 'pu', kindName: '采购', materialName: p.m1.name, partyName: p.v1.name,
          trips: 2, net: '62.4600', amount: '18738.00', prevTrips: 1, prevNet: '28.0000', prevAmount: '8400.00', prevNetChange: '34.4600',
          lastMonthTrips: 0, lastMonthNet: '0.0000', lastMonthAmount: '0.00', lastMonthNetChange: '62.4600',
        },
        {
          // the void t6 is not counted; 14050.005 rounds to the cent once
          kind: 'sa', kindName: '销售', materialName: p.m2.name, partyName: p.c1.name,
          trips: 1, net: '35.1250', amount: '14050.01', prevTrips: 0, prevNet: '0.0000', prevAmount: '0.00', prevNetChange: '35.1250',
          lastMonthTrips: 1, lastMonthNet: '33.3330', lastMonthAmount: '13333.20', lastMonthNetChange: '1.7920',
        },
      ]);
    });

    it('puts the 23:30 truck on its own day whatever zone the session runs in', async () => {
      const client = await pool.connect();
      try {
        // the day before, read with the session in UTC: the instants still come from the plant's zone
        await client.query(`SET TimeZone = 'UTC'`);
        const input = { orgId: p.a, userId: p.operator, params: { day: '2025-03-10' }, timeZone: ZONE };
        const { rows: got } = await client.query(dailyDataset.query(input));
        expect(got.map((r) => pick(r, ['kind', 'trips', 'net']))).toEqual([{ kind: 'pu', trips: 1, net: '28.0000' }]);
      } finally {
        await client.query('RESET TimeZone');
        client.release();
      }
    });

    it('filters by kind and material, and never counts another company\'s tickets', async () => {
      expect((await rows(dailyDataset, { day: '2025-03-11', kind: 'sa' })).map((r) => r.kind)).toEqual(['sa']);
      expect((await rows(dailyDataset, { day: '2025-03-11', materialId: p.m1.id })).map((r) => r.kind)).toEqual(['pu']);
      const other = await rows(dailyDataset, { day: '2025-03-11' }, p.b);
      expect(other.map((r) => pick(r, ['kind', 'trips', 'net', 'amount', 'lastMonthTrips']))).toEqual([
        { kind: 'pu', trips: 0, net: '0.0000', amount: '0.00', lastMonthTrips: 1 },
        { kind: 'sa', trips: 1, net: '50.0000', amount: '20000.00', lastMonthTrips: 0 },
      ]);
    });

    it('refuses a day that is not one, naming the field', async () => {
      for (const day of ['2025-02-30', 'yesterday', undefined]) {
        await expect(rows(dailyDataset, { day })).rejects.toMatchObject({ status: 400, field: 'day' });
      }
      await expect(rows(dailyDataset, { day: '2025-03-11', kind: 'xx' })).rejects.toMatchObject({ status: 400, field: 'kind' });
      await expect(rows(dailyDataset, { day: '2025-03-11', materialId: '1 OR 1=1' })).rejects.toMatchObject({ status: 400, field: 'materialId' });
    });
  });

  describe('monthly and yearly summaries', () => {
    it('gives a month day by day, each plant day by its own midnight', async () => {
      const got = await rows(monthlyDataset, { month: '2025-03' });
      expect(got.map((r) => pick(r, ['kind', 'trips', 'net', 'amount', 'd10', 'd11', 'd12', 'd13', 'd31']))).toEqual([
        { kind: 'pu', trips: 4, net: '110.9600', amount: '33288.00', d10: '28.0000', d11: '62.4600', d12: '20.5000', d13: '0.0000', d31: '0.0000' },
        { kind: 'sa', trips: 1, net: '35.1250', amount: '14050.01', d10: '0.0000', d11: '35.1250', d12: '0.0000', d13: '0.0000', d31: '0.0000' },
      ]);
      // February has 28 days: the 29th to the 31st are empty, not zero
      const feb = await rows(monthlyDataset, { month: '2025-02' });
      expect(feb.map((r) => pick(r, ['kind', 'trips', 'd11', 'd28', 'd29', 'd31']))).toEqual([
        { kind: 'sa', trips: 1, d11: '33.3330', d28: '0.0000', d29: null, d31: null },
      ]);
    });

    it('gives a year month by month: the first half hour of the year in, the last of the year before out', async () => {
      const got = await rows(yearlyDataset, { year: '2025' });
      expect(got.map((r) => pick(r, ['kind', 'trips', 'net', 'amount', 'm01Trips', 'm01Net', 'm02Trips', 'm02Net', 'm03Trips', 'm03Net', 'm12Net']))).toEqual([
        { kind: 'pu', trips: 5, net: '120.9600', amount: '36288.00', m01Trips: 1, m01Net: '10.0000', m02Trips: 0, m02Net: '0.0000', m03Trips: 4, m03Net: '110.9600', m12Net: '0.0000' },
        { kind: 'sa', trips: 2, net: '68.4580', amount: '27383.21', m01Trips: 0, m01Net: '0.0000', m02Trips: 1, m02Net: '33.3330', m03Trips: 1, m03Net: '35.1250', m12Net: '0.0000' },
      ]);
      const before = await rows(yearlyDataset, { year: 2024 });
      expect(before.map((r) => pick(r, ['kind', 'trips', 'm12Trips', 'm12Net']))).toEqual([{ kind: 'pu', trips: 1, m12Trips: 1, m12Net: '11.0000' }]);
      await expect(rows(yearlyDataset, { year: 'MMXXV' })).rejects.toMatchObject({ status: 400, field: 'year' });
    });
  });
}

describe('the weighing reports read from the tickets', () => {
  it('has nothing sealed', async () => {
    expect((await pool.query('SELECT count(*)::int AS n FROM rpt_weigh_day')).rows[0].n).toBe(0);
  });
  weighingReports();
});

describe('the weighing reports read from the sealed summary', () => {
  beforeAll(async () => {
    await sealAll(pool, ZONE);
  });
  it('reads the summary for the sealed days, not the tickets', async () => {
    expect((await pool.query('SELECT count(*)::int AS n FROM rpt_weigh_day')).rows[0].n).toBeGreaterThan(0);
    expect(await weighDaySummaryCheck.find(database.db, 10)).toEqual([]);
    const q = yearlyDataset.query({ orgId: p.a, userId: p.operator, params: { year: '2025' }, timeZone: ZONE });
    const { rows: [explained] } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
    const nodes: { 'Relation Name'?: string; 'Actual Rows': number }[] = [];
    const walk = (n: { Plans?: unknown[] }) => { nodes.push(n as (typeof nodes)[number]); for (const c of n.Plans ?? []) walk(c as { Plans?: unknown[] }); };
    walk(explained['QUERY PLAN'][0].Plan);
    // the year from the months' rows
    expect(nodes.filter((n) => n['Relation Name'] === 'rpt_weigh_month').reduce((a, n) => a + n['Actual Rows'], 0)).toBeGreaterThan(0);
    expect(nodes.filter((n) => n['Relation Name'] === 'rpt_weigh_day')).toEqual([]);
    // the tickets' branch starts after the seal: it reads no ticket of 2025
    const tickets = nodes.filter((n) => n['Relation Name'] === 'wb_ticket');
    expect(tickets.length).toBeGreaterThan(0);
    expect(tickets.reduce((a, n) => a + n['Actual Rows'], 0)).toBe(0);
  });
  weighingReports();
});

describe('库存报表 (stock.period)', () => {
  it('gives opening, in, out and closing per warehouse and material as the stock stood', async () => {
    const got = await rows(stockDataset, { periodFrom: '2025-03-11', periodTo: '2025-03-11' });
    const byMaterial = (list: Record<string, unknown>[], name: string) =>
      list.filter((r) => r.materialName === name).map((r) => pick(r, ['warehouseName', 'opening', 'quantityIn', 'quantityOut', 'closing']));
    expect(got).toHaveLength(2);
    // opening 100 + t3's 28 (23:30 the day before); in: t1, and t2 posted and taken back the same day
    expect(byMaterial(got, p.m1.name)).toEqual([{ warehouseName: p.w1.name, opening: '128.0000', quantityIn: '32.4560', quantityOut: '0.0000', closing: '160.4560' }]);
    // t5's OUT was taken back only on the 12th: it still counts in the opening
    expect(byMaterial(got, p.m2.name)).toEqual([{ warehouseName: p.w1.name, opening: '16.6670', quantityIn: '0.0000', quantityOut: '35.1250', closing: '-18.4580' }]);
    // a period reaching the 12th: taking t5 back turns its 33.333 out round
    const later = await rows(stockDataset, { periodFrom: '2025-03-11', periodTo: '2025-03-12', materialId: p.m2.id });
    expect(byMaterial(later, p.m2.name)).toEqual([{ warehouseName: p.w1.name, opening: '16.6670', quantityIn: '0.0000', quantityOut: '1.7920', closing: '14.8750' }]);
  });

  it('never counts another company\'s stock, and refuses a period backwards', async () => {
    const other = await rows(stockDataset, { periodFrom: '2025-03-11', periodTo: '2025-03-11' }, p.b);
    expect(other.map((r) => pick(r, ['quantityOut']))).toEqual([{ quantityOut: '50.0000' }]);
    await expect(rows(stockDataset, { periodFrom: '2025-03-12', periodTo: '2025-03-11' })).rejects.toMatchObject({ status: 400, field: 'periodTo' });
  });
});

describe('销售采购金额 (money.party)', () => {
  it('splits the month\'s sales per customer into settled (past a draft) and unsettled, to the cent', async () => {
    const got = await rows(moneyDataset, { kind: 'sa', periodFrom: '2025-02-01', periodTo: '2025-03-31' });
    expect(got.map((r) => pick(r, ['month', 'partyName', 'trips', 'net', 'amount', 'settledTrips', 'settledAmount', 'unsettledTrips', 'unsettledAmount']))).toEqual([
      { month: '2025-02', partyName: p.c1.name, trips: 1, net: '33.3330', amount: '13333.20', settledTrips: 1, settledAmount: '13300.00', unsettledTrips: 0, unsettledAmount: '0.00' },
      { month: '2025-03', partyName: p.c1.name, trips: 1, net: '35.1250', amount: '14050.01', settledTrips: 0, settledAmount: '0.00', unsettledTrips: 1, unsettledAmount: '14050.01' },
    ]);
  });

  it('gives purchases per vendor, the month by the plant\'s clock', async () => {
    const got = await rows(moneyDataset, { kind: 'pu', periodFrom: '2025-01-01', periodTo: '2025-03-11', partyId: p.v1.id });
    expect(got.map((r) => pick(r, ['month', 'trips', 'net', 'amount', 'unsettledAmount']))).toEqual([
      { month: '2025-01', trips: 1, net: '10.0000', amount: '3000.00', unsettledAmount: '3000.00' },
      { month: '2025-03', trips: 3, net: '90.4600', amount: '27138.00', unsettledAmount: '27138.00' },
    ]);
    expect(await rows(moneyDataset, { kind: 'pu', periodFrom: '2025-02-11', periodTo: '2025-02-11' })).toEqual([]);
  });
});

describe('运费报表 (freight.carrier)', () => {
  it('gives hauled tons, freight and loss charges per carrier and route', async () => {
    const got = await rows(freightDataset, { periodFrom: '2025-03-11', periodTo: '2025-03-11' });
    expect(got.map((r) => pick(r, ['carrierName', 'route', 'trips', 'tons', 'freight', 'loss', 'lossCharge', 'payable']))).toEqual([
      { carrierName: p.k1.name, route: '矿山-厂区', trips: 2, tons: '62.4600', freight: '3123.00', loss: '0.1000', lossCharge: '50.00', payable: '3073.00' },
    ]);
    expect((await rows(freightDataset, { periodFrom: '2025-03-10', periodTo: '2025-03-11' }))[0].trips).toBe(3);
    expect(await rows(freightDataset, { periodFrom: '2025-03-11', periodTo: '2025-03-11', kind: 'sa' })).toEqual([]);
  });
});

describe('司磅员报表 (weighing.operator)', () => {
  it('gives tickets, typed weights, deductions and interventions per operator and scale', async () => {
    const got = await rows(operatorDataset, { periodFrom: '2025-03-11', periodTo: '2025-03-11' });
    expect(got.map((r) => pick(r, ['username', 'scale', 'tickets', 'weighings', 'manualWeighings', 'deductions', 'deducted', 'interventions', 'approved', 'forbidden']))).toEqual([
      { username: 'accountant', scale: 'S2', tickets: 1, weighings: 1, manualWeighings: 0, deductions: 0, deducted: '0.0000', interventions: 0, approved: 0, forbidden: 0 },
      { username: 'operator', scale: 'S1', tickets: 2, weighings: 3, manualWeighings: 1, deductions: 1, deducted: '0.5000', interventions: 2, approved: 2, forbidden: 0 },
    ].sort((x, y) => (x.username < y.username ? -1 : 1)));
    const one = await rows(operatorDataset, { periodFrom: '2025-03-10', periodTo: '2025-03-11', userId: p.operator, scale: 'S1' });
    expect(one.map((r) => pick(r, ['tickets', 'weighings', 'interventions', 'forbidden']))).toEqual([{ tickets: 3, weighings: 4, interventions: 3, forbidden: 1 }]);
    const other = await rows(operatorDataset, { periodFrom: '2025-03-11', periodTo: '2025-03-11' }, p.b);
    expect(other.map((r) => pick(r, ['username', 'tickets', 'manualWeighings', 'deducted', 'forbidden']))).toEqual([
      { username: 'operator', tickets: 1, manualWeighings: 1, deducted: '0.7000', forbidden: 1 },
    ]);
  });
});
