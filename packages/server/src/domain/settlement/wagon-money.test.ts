import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, type TestContext } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import type { ReportDataset } from '../../platform/reports/dataset';
import { migrate } from '../../platform/db/migrate';
import { executeDataset, orderedQuery } from '../../platform/reports/execute';
import { unsettledCents } from '../group-cockpit/repo';
import { weighDaySummaryCheck } from '../report-builtin/consistency-repo';
import { moneyDataset } from '../report-builtin/ledgers';
import { sealDays } from '../report-builtin/seal-repo';
import { dailyDataset } from '../report-builtin/weighing';
import { makeNoticeLine, makeRegistry, plantOf, testPlate, weighPurchase, type Plant, type WeighedTicket } from '../weighing/test-support';
import { auditedPurchase } from './test-support';

/**
 * Money where wagons and gauged loads are: the money report (销售采购金额) and the reconciliation
 * (对账) count the audited trains' wagons beside the tickets, at the amount the train's audit
 * stamped ((net - the charged loss) x the stamped price, migration 105), settled by their row; the
 * sealed weighing summary counts the same amounts; a settlement mixing a per-ton and a per-m3 row
 * keeps the tons and the m3 apart (105) while its amounts add.
 *
 * The vendor: 2 tickets of 25 t at 10 (250 each) and one train of 3 wagons at the contract's
 * 187.35 (13 % tax): 60.26 less a charged loss of 0.119 = 60.141 (11267.42), 60.4 (11315.94),
 * 60.333 (11303.39). One settlement (examined) holds the first wagon.
 */
let ctx: TestContext;
let op: string;
let ac: string;
let adm: string;
let plant: Plant;
let tickets: WeighedTicket[];
let contract: { id: string; contractNo: string };
let train: { id: string; trainNo: string; wagonIds: string[] };
let settlement: { id: string; settleNo: string };
let days: { from: string; to: string; plantFrom: string; plantTo: string };
let mixed: { id: string; settleNo: string };
const ZONE = 'Asia/Shanghai';
const PU = '/api/settlement/pu';
const TRAIN = '/api/track/pu';
const hour = 3_600_000;
const wire = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const post = (path: string, payload: unknown = {}, auth = ac) => call(ctx.app, 'POST', path, auth, payload);
const q = async (text: string, params: unknown[] = []) => (await ctx.database.pool.query(text, params)).rows;
const period = () => ({ periodFrom: wire(new Date(Date.now() - 24 * hour)), periodTo: wire(new Date(Date.now() + 24 * hour)) });

const WAGONS = [
  { wagonNo: 'C64-4801', gross: '83.46', tare: '23.2', waybill: '60.5' },
  { wagonNo: 'C64-4802', gross: '84', tare: '23.6', waybill: '60.5' },
  { wagonNo: 'C64-4803', gross: '82.333', tare: '22', waybill: '60' },
];

async function auditedTrain(wagons: Record<string, unknown>[]): Promise<{ id: string; trainNo: string; wagonIds: string[] }> {
  const t = expectOk(await post(`${TRAIN}/create`, {
    entity: { arrivedAt: wire(new Date(Date.now() - 2 * hour)), vendorId: plant.vendorId, materialId: plant.materialId, warehouseId: plant.warehouseId, contractId: contract.id },
    entitysub: wagons,
  }, op)).data as { id: string; trainNo: string };
  expectOk(await post(`${TRAIN}/audit`, { ids: [t.id] }, op));
  const ids = (await q('SELECT id::text FROM wb_wagon WHERE train_id = $1 ORDER BY seq, id', [t.id])).map((r) => r.id as string);
  return { id: String(t.id), trainNo: t.trainNo, wagonIds: ids };
}

async function createSettlement(): Promise<{ id: string; settleNo: string }> {
  const data = expectOk(await post(`${PU}/create`, { entity: { vendorId: plant.vendorId, ...period() } })).data as { id: string; settleNo: string };
  return { id: String(data.id), settleNo: data.settleNo };
}

/** The dataset's rows for the plant's company, through the report centre's executor. */
async function rows(dataset: ReportDataset, params: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const input = { orgId: plant.orgId, userId: null as unknown as string, params, timeZone: ZONE };
  return executeDataset(ctx.database.pool, dataset, async (c) => (await c.query(orderedQuery(dataset, input, dataset.fields.slice(0, 6).map((f) => ({ key: f.key, dir: 'asc' as const }))))).rows);
}

/** The money report's figures of the vendor's material over the days, summed over its months (the period may cross one). */
async function moneyFigures(): Promise<Record<string, string | number>> {
  const got = await rows(moneyDataset, { kind: 'pu', periodFrom: days.plantFrom, periodTo: days.plantTo, partyId: plant.vendorId, materialId: plant.materialId });
  const sum = (k: string) => got.reduce((s, r) => s.plus(r[k] as string), new Decimal(0)).toFixed(2);
  const count = (k: string) => got.reduce((s, r) => s + (r[k] as number), 0);
  return {
    trips: count('trips'), net: new Decimal(got.reduce((s, r) => s.plus(r.net as string), new Decimal(0))).toFixed(4), amount: sum('amount'),
    settledTrips: count('settledTrips'), settledAmount: sum('settledAmount'), unsettledTrips: count('unsettledTrips'), unsettledAmount: sum('unsettledAmount'),
  };
}

const EXPECTED_MONEY = {
  // 25 + 25 + 60.26 + 60.4 + 60.333; 250 + 250 + 11267.42 + 11315.94 + 11303.39
  trips: 5, net: '230.9930', amount: '34386.75',
  // the settled wagon at its row's amount; the rest at their own
  settledTrips: 1, settledAmount: '11267.42', unsettledTrips: 4, unsettledAmount: '23119.33',
};

beforeAll(async () => {
  ctx = await createTestApp();
  op = (await bearerFor(ctx.app, 'operator')).authorization;
  ac = (await bearerFor(ctx.app, 'accountant')).authorization;
  adm = (await bearerFor(ctx.app, 'admin')).authorization;
  plant = await plantOf(ctx.database.db);
  tickets = [await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm), await auditedPurchase(ctx.app, ctx.database.db, plant, op, adm)];
  contract = expectOk(await post('/api/contract/pu/create', {
    entity: { vendorId: plant.vendorId, validFrom: '2024-01-01', validTo: '2030-12-31', lossBasis: 'PERMILLE', lossAllowance: '2', lossHandling: 'CHARGE', taxRate: '13' },
    entitysub: [{ materialId: plant.materialId, quantity: 5000, price: '187.35' }],
  })).data as { id: string; contractNo: string };
  contract.id = String(contract.id);
  expectOk(await post('/api/contract/pu/audit', { ids: [contract.id] }, adm));
  train = await auditedTrain(WAGONS);
  settlement = await createSettlement();
  expectOk(await post(`${PU}/confirmPounds/${settlement.id}`, { wagonIds: [train.wagonIds[0]] }));
  expectOk(await post(`${PU}/examine/${settlement.id}`));
  const [d] = await q(`SELECT (current_date - 1)::text AS from, (current_date + 1)::text AS to,
    ((now() AT TIME ZONE $1)::date - 1)::text AS plant_from, ((now() AT TIME ZONE $1)::date + 1)::text AS plant_to`, [ZONE]);
  days = { from: d.from, to: d.to, plantFrom: d.plant_from, plantTo: d.plant_to };
});

describe('wagons in the money report and the reconciliation', () => {
  it('the audit stamps each wagon\'s amount: (net - the charged loss) x the stamped price, in cents', async () => {
    expect(await q('SELECT trim_scale(charged)::text AS charged, trim_scale(price)::text AS price, trim_scale(amount)::text AS amount FROM wb_wagon WHERE train_id = $1 ORDER BY seq', [train.id]))
      .toEqual([
        { charged: '0.119', price: '187.35', amount: '11267.42' },
        { charged: '0', price: '187.35', amount: '11315.94' },
        { charged: '0', price: '187.35', amount: '11303.39' },
      ]);
  });

  it('销售采购金额: 2 tickets and 3 wagons, one wagon settled: exact cents, unsealed', async () => {
    expect(await moneyFigures()).toEqual(EXPECTED_MONEY);
    // a draft holds nothing for the report: the wagon counts unsettled while its settlement is a draft
    expectOk(await post(`${PU}/unexamine/${settlement.id}`));
    expect(await moneyFigures()).toMatchObject({ settledTrips: 0, settledAmount: '0.00', unsettledTrips: 5, unsettledAmount: '34386.75' });
    expectOk(await post(`${PU}/confirmPounds/${settlement.id}`, { wagonIds: [train.wagonIds[0]] }));
    expectOk(await post(`${PU}/examine/${settlement.id}`));
    expect(await moneyFigures()).toEqual(EXPECTED_MONEY);
  });

  it('对账: the vendor\'s tickets and wagons weighed, settled and unsettled, with the settlement holding the wagon', async () => {
    const rec = expectOk(await post('/api/settlement/reconcile', { party: 'vendor', from: days.from, to: days.to, partyId: plant.vendorId })).data;
    expect(rec.rows).toHaveLength(1);
    expect(rec.rows[0]).toMatchObject({
      partyId: plant.vendorId, weighedCount: 5, weighedTons: '230.993', weighedAmount: '34386.75',
      settledCount: 1, settledTons: '60.26', settledAmount: '11267.42',
      unsettledCount: 4, unsettledTons: '170.733', unsettledAmount: '23119.33',
      settlementCount: 1, settlementTotal: '11267.42', invoicedAmount: '0', paidAmount: '0', unpaidAmount: '11267.42',
    });
    // a customer's reconciliation counts no purchase train
    const sales = expectOk(await post('/api/settlement/reconcile', { party: 'customer', from: days.from, to: days.to })).data as { total: { weighedCount: number } };
    expect(sales.total.weighedCount).toBe(0);
  });

  it('the sealed weighing summary counts the wagons\' amounts: the same figures sealed, and kept right by a train un-audited and audited again', async () => {
    const day = (await q(`SELECT ((arrived_at AT TIME ZONE $2)::date)::text AS d FROM wb_train WHERE id = $1`, [train.id, ZONE]))[0].d as string;
    const daily = async () => (await rows(dailyDataset, { day })).filter((r) => r.kind === 'pu').map((r) => ({ trips: r.trips, net: r.net, amount: r.amount }));
    const before = await daily();
    // the group cockpit's unsettled money counts the wagons as the money report does
    const unsettled = async () => (await unsettledCents([plant.orgId]).execute(ctx.database.db)).rows[0]?.cents ?? '0';
    const unsettledBefore = await unsettled();
    // a second train of one wagon (66 t at 187.35 = 12365.10), outside the figures above once it is taken back
    const other = await auditedTrain([{ wagonNo: 'C70-9001', gross: '90', tare: '24', waybill: '66' }]);
    const withOther = await daily();
    const amountOf = (list: { amount: unknown }[]) => list.reduce((s, r) => s.plus(r.amount as string), new Decimal(0));
    expect(amountOf(withOther).minus(amountOf(before)).toFixed(2)).toBe('12365.10');
    expect(Number(await unsettled()) - Number(unsettledBefore)).toBe(1236510);
    const client = await ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      // every day up to tomorrow sealed: the train's day is read from the summary
      await sealDays(client, plant.orgId, ZONE, -1);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await weighDaySummaryCheck.find(ctx.database.db, 10)).toEqual([]);
    // read from the summary now: the same figures, the wagons' amounts in them
    expect((await q('SELECT sealed_through >= $2::date AS sealed FROM rpt_weigh_seal WHERE org_id = $1', [plant.orgId, day]))[0].sealed).toBe(true);
    expect(await daily()).toEqual(withOther);
    // un-audited after the seal: the triggers take its wagon's trip, net and amount out; audited again, back in
    expectOk(await post(`${TRAIN}/unaudit`, { ids: [other.id] }, op));
    expect(await weighDaySummaryCheck.find(ctx.database.db, 10)).toEqual([]);
    expect(await daily()).toEqual(before);
    expect(await moneyFigures()).toEqual(EXPECTED_MONEY);
    expectOk(await post(`${TRAIN}/audit`, { ids: [other.id] }, op));
    expect(await weighDaySummaryCheck.find(ctx.database.db, 10)).toEqual([]);
    expect(await daily()).toEqual(withOther);
    expectOk(await post(`${TRAIN}/unaudit`, { ids: [other.id] }, op));
    // the money report and the reconciliation read no summary: the same figures with the days sealed
    expect(await moneyFigures()).toEqual(EXPECTED_MONEY);
    const rec = expectOk(await post('/api/settlement/reconcile', { party: 'vendor', from: days.from, to: days.to, partyId: plant.vendorId })).data;
    expect(rec.rows[0]).toMatchObject({ weighedCount: 5, weighedAmount: '34386.75', settledAmount: '11267.42', unsettledAmount: '23119.33' });
  });
});

describe('a settlement of a per-ton and a per-m3 row', () => {
  it('keeps the tons and the m3 apart (吨 and 方), adds the amounts, and prints and lists both', async () => {
    // sand bought by volume: a price rule per m3 prices the gauged load (the notice line has no price)
    await ctx.database.db.updateTable('md_material').set({ gauged: true }).where('id', '=', plant.materialId).execute();
    const rule = expectOk(await call(ctx.app, 'POST', '/api/price/pu/create', adm, {
      entity: { materialId: plant.materialId, price: '45.5', priceBasis: 'VOLUME', effectiveFrom: '2024-01-01 00:00:00' },
    })).data as { id: string };
    expectOk(await call(ctx.app, 'POST', '/api/price/pu/audit', adm, { ids: [rule.id] }));
    const { noticeId, lineId } = await makeNoticeLine(ctx.database.db, plant, { maxLimit: '1000' });
    const registryId = await makeRegistry(ctx.database.db, plant, { noticeId, lineId, plate: testPlate('V') });
    const weigh = (which: 'first' | 'second', weight: string) => call(ctx.app, 'POST', `/api/weigh/pu/${which}`, op, { registryId, weight, stationId: 'V1', requestId: `v-${which}` });
    const gauged = expectOk(await weigh('first', '40')).data as { ticketId: string; ticketNo: string };
    // 6.25 x 2.35 x 1.18 = 17.331 m3; x 45.5 = 788.5605 -> 788.56
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/gauge', op, { id: gauged.ticketId, method: 'LOAD', length: '6.25', width: '2.35', height: '1.18' }));
    expectOk(await weigh('second', '15'));
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/audit', adm, { ids: [gauged.ticketId] }));
    expect((await q('SELECT price_basis, trim_scale(gauge_volume)::text AS v, trim_scale(amount)::text AS a FROM wb_ticket WHERE id = $1', [gauged.ticketId]))[0])
      .toEqual({ price_basis: 'VOLUME', v: '17.331', a: '788.56' });
    const perTon = await weighPurchase(ctx.app, ctx.database.db, plant, op, { station: 'V2', price: '10' });
    expectOk(await call(ctx.app, 'POST', '/api/weigh/pu/audit', adm, { ids: [perTon.id] }));

    const s = await createSettlement();
    mixed = s;
    const done = expectOk(await post(`${PU}/confirmPounds/${s.id}`, { ticketIds: [perTon.id, gauged.ticketId] })).data as { totals: Record<string, string> };
    // 25 t at 10 = 250 and 17.331 m3 at 45.5 = 788.56: never 42.331 of anything
    expect(done.totals).toMatchObject({ ticketCount: 2, totalQuantity: '25', totalVolume: '17.331', rowsAmount: '1038.56', totalAmount: '1038.56' });
    const got = expectOk(await call(ctx.app, 'GET', `${PU}/getId/${s.id}`, ac)).data as {
      totalQuantity: string; totalVolume: string; rows: Record<string, unknown>[]; fds: Record<string, unknown>[];
    };
    expect([got.totalQuantity, got.totalVolume].map((v) => new Decimal(v).toFixed())).toEqual(['25', '17.331']);
    const rowOfTicket = (id: string) => got.rows.find((r) => r.ticketId === id) as Record<string, unknown>;
    expect([perTon.id, gauged.ticketId].map((id) => rowOfTicket(id)).map((r) => [r.priceBasis, r.quantity, r.amount])).toEqual([
      ['NET', '25', '250'],
      ['VOLUME', '17.331', '788.56'],
    ]);
    // each sub-settlement (one per notice) in its own unit
    expect(got.fds.map((f) => [new Decimal(f.totalQuantity as string).toFixed(), new Decimal(f.totalVolume as string).toFixed()]).sort())
      .toEqual([['0', '17.331'], ['25', '0']]);
    expect((await q(`SELECT detail FROM sys_log WHERE doc_no = $1 AND action = 'confirmPounds'`, [s.settleNo]))[0].detail).toContain('结算数量 25 吨、17.331 方');

    // the list shows both figures
    const list = expectOk(await post(`${PU}/v2/list`, { search: [{ key: 'settleNo', op: 'eq', val: s.settleNo }], limit: { pn: 1, ps: 10 } })).data as { list: Record<string, unknown>[] };
    expect(list.list.find((r) => r.settleNo === s.settleNo)).toMatchObject({ totalQuantity: '25', totalVolume: '17.331', totalAmount: '1038.56' });

    // the statement: the m3 in a column of their own, the totals row with both
    const xlsx = await call(ctx.app, 'GET', `${PU}/statement/${s.id}/xlsx`, ac);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    let head = 0;
    sheet.eachRow((row, n) => { if (row.getCell(1).value === '序号') head = n; });
    const headers = (sheet.getRow(head).values as unknown[]).slice(1).map(String);
    const col = (name: string) => headers.findIndex((h) => h.startsWith(name)) + 1;
    expect(col('结算方量')).toBeGreaterThan(0);
    const rowOf = (second: unknown) => {
      for (let n = head + 1; n <= sheet.rowCount; n++) if (sheet.getRow(n).getCell(2).value === second || sheet.getRow(n).getCell(1).value === second) return sheet.getRow(n);
      throw new Error(`no row ${String(second)}`);
    };
    expect([rowOf(gauged.ticketNo).getCell(col('结算数量')).value ?? null, rowOf(gauged.ticketNo).getCell(col('结算方量')).value]).toEqual([null, 17.331]);
    expect([rowOf(perTon.no).getCell(col('结算数量')).value, rowOf(perTon.no).getCell(col('结算方量')).value ?? null]).toEqual([25, null]);
    expect([rowOf('合计').getCell(col('结算数量')).value, rowOf('合计').getCell(col('结算方量')).value, rowOf('合计').getCell(col('金额')).value]).toEqual([25, 17.331, 1038.56]);
    let facts = '';
    sheet.eachRow((row, n) => { if (n < head) facts += (row.values as unknown[]).map(String).join('|'); });
    expect(facts).toContain('25.00 吨；17.331 方');
  });

  it('migration 105 on the data before it: each row\'s basis from its ticket, the m3 out of the tons, the audited wagons\' amounts, in the sealed days too', async () => {
    const header = async () => (await q('SELECT trim_scale(total_quantity)::text AS t, trim_scale(total_volume)::text AS v FROM wb_settlement WHERE id = $1', [mixed.id]))[0];
    const amounts = async () => (await q('SELECT trim_scale(amount)::text AS a FROM wb_wagon WHERE train_id = $1 ORDER BY seq', [train.id])).map((r) => r.a);
    expect(await header()).toEqual({ t: '25', v: '17.331' });
    // the report's figures with the two trucks of the settlement above: as before once 105 has run again
    const money = await moneyFigures();
    expect(money).toMatchObject({ trips: 7, net: '280.9930', amount: '35425.31', settledAmount: '11267.42', unsettledAmount: '24157.89' });
    const client = await ctx.database.pool.connect();
    try {
      // the summary made again from the first day (the trucks of the last hour are not added by the triggers: the seal takes them now)
      await client.query('BEGIN');
      await client.query('UPDATE rpt_weigh_seal SET time_zone = NULL, sealed_through = NULL WHERE org_id = $1', [plant.orgId]);
      await sealDays(client, plant.orgId, ZONE, -1);
      await client.query('COMMIT');
      expect(await weighDaySummaryCheck.find(ctx.database.db, 10)).toEqual([]);
      // the database as it was before 105: rows with no basis, the m3 added to the tons, wagons without an amount (nor in the sealed summary)
      await client.query('BEGIN');
      await client.query(`UPDATE wb_wagon SET amount = NULL;
        DROP TRIGGER wb_wagon_sealed_update ON wb_wagon;
        CREATE TRIGGER wb_wagon_sealed_update AFTER UPDATE ON wb_wagon FOR EACH ROW
          WHEN ((OLD.train_id, OLD.material_id, OLD.net) IS DISTINCT FROM (NEW.train_id, NEW.material_id, NEW.net)) EXECUTE FUNCTION rpt_weigh_wagon_keep();
        CREATE OR REPLACE VIEW wb_weighing_fact AS
          SELECT t.org_id, t.id, t.kind, t.state, t.completed_at, t.material_id, t.vendor_id, t.customer_id, t.notice_id, t.net, t.amount FROM wb_ticket t
          UNION ALL
          SELECT w.org_id, w.id, tr.kind, 'AUDITED'::text, tr.arrived_at, coalesce(w.material_id, tr.material_id), tr.vendor_id, tr.customer_id,
                 tr.notice_id, w.net::numeric(14,4), NULL::numeric(19,4)
            FROM wb_wagon w JOIN wb_train tr ON tr.id = w.train_id WHERE tr.doc_status = 'AUDITED';
        ALTER TABLE wb_wagon DROP COLUMN amount;
        UPDATE wb_settlement SET total_quantity = total_quantity + total_volume;
        UPDATE wb_settlement_fd SET total_quantity = total_quantity + total_volume;
        DROP VIEW wb_settlement_pu; DROP VIEW wb_settlement_sa; DROP VIEW wb_settlement_al;
        ALTER TABLE wb_settlement DROP COLUMN total_volume;
        ALTER TABLE wb_settlement_fd DROP COLUMN total_volume;
        ALTER TABLE wb_settlement_row DROP COLUMN price_basis;
        CREATE VIEW wb_settlement_pu AS SELECT s.* FROM wb_settlement s WHERE s.scope = 'GOODS' AND s.kind = 'pu' WITH CASCADED CHECK OPTION;
        CREATE VIEW wb_settlement_sa AS SELECT s.* FROM wb_settlement s WHERE s.scope = 'GOODS' AND s.kind = 'sa' WITH CASCADED CHECK OPTION;
        CREATE VIEW wb_settlement_al AS SELECT s.* FROM wb_settlement s WHERE s.scope = 'GOODS' AND s.kind = 'al' WITH CASCADED CHECK OPTION;
        DELETE FROM schema_migration WHERE name = '105_settle_units_wagon_amount.sql';`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await q('SELECT trim_scale(total_quantity)::text AS t FROM wb_settlement WHERE id = $1', [mixed.id]))[0].t).toBe('42.331');

    expect(await migrate(ctx.database.pool)).toEqual(['105_settle_units_wagon_amount.sql']);

    expect(await header()).toEqual({ t: '25', v: '17.331' });
    expect((await q('SELECT price_basis, trim_scale(quantity)::text AS q FROM wb_settlement_row WHERE settlement_id = $1 ORDER BY price_basis', [mixed.id])))
      .toEqual([{ price_basis: 'NET', q: '25' }, { price_basis: 'VOLUME', q: '17.331' }]);
    expect((await q('SELECT trim_scale(total_quantity)::text AS t, trim_scale(total_volume)::text AS v FROM wb_settlement_fd WHERE settlement_id = $1 ORDER BY total_volume', [mixed.id])))
      .toEqual([{ t: '25', v: '0' }, { t: '0', v: '17.331' }]);
    expect(await amounts()).toEqual(['11267.42', '11315.94', '11303.39']);
    // the sealed days' summary holds the wagons' amounts again: the figures the reports read are whole
    expect(await weighDaySummaryCheck.find(ctx.database.db, 10)).toEqual([]);
    expect(await moneyFigures()).toEqual(money);
  });
});
