import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../test/harness';
import { call, expectOk } from '../../../test/api';
import { makeNoticeLine, makeRegistry, makeVehicle, plantOf, testPlate, weighPurchase, type Plant } from '../weighing/test-support';
import { historyTicket, truckHistory } from './scan-test-support';
import { queueAlertScan } from './scan-repo';
import { scanPending, scanTickets } from './scan';

// The per-weighing rules through the engine: a completed ticket's facts read from its history,
// each rule's fraud raising one alert and its near miss none, on histories written here.
const { app, database } = await createTestApp();
const { db, pool } = database;
let plant: Plant;
let operator: string;
let admin: string;
let accountant: string;

beforeAll(async () => {
  plant = await plantOf(db);
  operator = (await bearerFor(app, 'operator')).authorization;
  admin = (await bearerFor(app, 'admin')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
});

const alertsOf = async (ticketId: string) =>
  (await pool.query('SELECT rule, severity, source, message, evidence, plate, party_kind, scale_id FROM wb_alert WHERE ticket_id = $1 ORDER BY rule', [ticketId])).rows;
const rulesOf = async (ticketId: string) => (await alertsOf(ticketId)).map((a) => a.rule as string);
const setRule = (rule: string, settings: Record<string, unknown>, enabled = true) => pool.query(
  `INSERT INTO wb_alert_setting (org_id, rule, enabled, settings) VALUES ($1, $2, $3, $4)
   ON CONFLICT (org_id, rule) DO UPDATE SET enabled = EXCLUDED.enabled, settings = EXCLUDED.settings`, [plant.orgId, rule, enabled, JSON.stringify(settings)]);

/** A weekday morning inside the default hours, in the plant's zone, `days` ago. */
const morning = (days = 0, hhmm = '10:00') => {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${d.toISOString().slice(0, 10)} ${hhmm}:00`;
};
const tares = (kgs: number[]) => kgs.map((k) => ({ tare: (k / 1000).toFixed(3), net: '25' }));

describe('the per-weighing rules', () => {
  it('TARE_DRIFT: a sale\'s tare far above the truck\'s own raises HIGH; a tare within its spread raises nothing', async () => {
    const history = tares([15000, 15020, 14980, 15040, 14990, 15010]);
    const plate = testPlate('T');
    await truckHistory(db, plant, plate, new Date(`${morning(1)}Z`), history, 'sa');
    const fraud = await historyTicket(db, plant, { plate, kind: 'sa', tare: '15.800', gross: '40.8', completedAt: morning(0, '09:00') });
    const near = testPlate('T');
    await truckHistory(db, plant, near, new Date(`${morning(1)}Z`), history, 'sa');
    const fine = await historyTicket(db, plant, { plate: near, kind: 'sa', tare: '15.060', gross: '40.06', completedAt: morning(0, '09:00') });
    expect(await scanTickets(db, plant.orgId, [fraud, fine])).toBe(1);
    expect(await alertsOf(fraud)).toEqual([expect.objectContaining({
      rule: 'TARE_DRIFT', severity: 'HIGH', source: 'WEIGHING', plate, party_kind: 'CUSTOMER',
      evidence: expect.objectContaining({ tareKg: 15800, medianKg: 15005, ticketIds: [fraud] }),
    })]);
    expect(await rulesOf(fine)).toEqual([]);
  });

  it('a company\'s threshold changes the verdict, and a rule switched off raises nothing', async () => {
    const history = tares([15000, 15020, 14980, 15040, 14990, 15010]);
    const a = testPlate('T');
    await truckHistory(db, plant, a, new Date(`${morning(1)}Z`), history, 'sa');
    const ticket = await historyTicket(db, plant, { plate: a, kind: 'sa', tare: '15.300', gross: '40.3', completedAt: morning(0, '09:00') });
    await setRule('TARE_DRIFT', { threshold: 20 });
    expect(await scanTickets(db, plant.orgId, [ticket])).toBe(0);
    await setRule('TARE_DRIFT', {}, false);
    expect(await scanTickets(db, plant.orgId, [ticket])).toBe(0);
    await setRule('TARE_DRIFT', { threshold: 3 });
    expect(await scanTickets(db, plant.orgId, [ticket])).toBe(1);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  it('NET_UNUSUAL: a purchase net far above the truck\'s usual for the material raises; a net inside it does not', async () => {
    const nets = [25000, 25200, 24800, 25100, 24900, 25050].map((n) => ({ tare: '15', net: (n / 1000).toFixed(3) }));
    const [x, y] = [testPlate('N'), testPlate('N')];
    await truckHistory(db, plant, x, new Date(`${morning(1)}Z`), nets);
    await truckHistory(db, plant, y, new Date(`${morning(1)}Z`), nets);
    // 6 t over a usual of 25 t raises; 5 t does not: the spread is at least 1000 kg (a load varies by a few percent)
    const fraud = await historyTicket(db, plant, { plate: x, gross: '46', tare: '15', completedAt: morning(0, '09:00') });
    const fine = await historyTicket(db, plant, { plate: y, gross: '45', tare: '15', completedAt: morning(0, '09:00') });
    await scanTickets(db, plant.orgId, [fraud, fine]);
    expect(await rulesOf(fraud)).toEqual(['NET_UNUSUAL']);
    expect(await rulesOf(fine)).toEqual([]);
  });

  it('a rescan of an old ticket judges it against the truck\'s tickets before it, however many came after', async () => {
    const plate = testPlate('T');
    await truckHistory(db, plant, plate, new Date(`${morning(10)}Z`), tares([15000, 15020, 14980, 15040, 14990, 15010]));
    const old = await historyTicket(db, plant, { plate, tare: '15.800', gross: '40.8', completedAt: morning(10, '09:00') });
    // 120 later tickets of the truck, each newer than the one rescanned (the history is read newest first)
    await pool.query(`INSERT INTO wb_ticket (org_id, kind, ticket_no, state, plate_number, first_is, gross, gross_time, tare, tare_time, tare_source, net,
        completed_at, material_id, vendor_id, created_at)
      SELECT $1, 'pu', 'ALLATER' || $2 || g, 'COMPLETED', $2, 'GROSS', 40, c - interval '20 minutes', 15, c, 'WEIGHED', 25, c, $3, $4, c - interval '20 minutes'
        FROM generate_series(1, 120) g, LATERAL (SELECT now() - interval '9 days' + g * interval '1 hour' AS c) x`,
      [plant.orgId, plate, plant.materialId, plant.vendorId]);
    expect(await scanTickets(db, plant.orgId, [old])).toBe(1);
    expect(await alertsOf(old)).toEqual([expect.objectContaining({ rule: 'TARE_DRIFT', evidence: expect.objectContaining({ tareKg: 15800, medianKg: 15005 }) })]);
  });

  it('GROSS_OVER_RATED: a gross beyond the rated load plus curb weight by more than the tolerance raises; within it, nothing', async () => {
    const vehicle = async (plate: string) => {
      const id = await makeVehicle(db, plant, plate, { standard: '15' });
      await pool.query('UPDATE md_vehicle SET capacity_tonnage = 30 WHERE id = $1', [id]);
      return id;
    };
    const [x, y] = [testPlate('G'), testPlate('G')];
    const fraud = await historyTicket(db, plant, { plate: x, gross: '48', tare: '15', completedAt: morning(0, '09:00'), vehicleId: await vehicle(x) });
    const fine = await historyTicket(db, plant, { plate: y, gross: '47', tare: '15', completedAt: morning(0, '09:00'), vehicleId: await vehicle(y) });
    await scanTickets(db, plant.orgId, [fraud, fine]);
    expect(await alertsOf(fraud)).toEqual([expect.objectContaining({ rule: 'GROSS_OVER_RATED', evidence: expect.objectContaining({ grossKg: 48000, ratedKg: 45000 }) })]);
    expect(await rulesOf(fine)).toEqual([]);
  });

  it('OUT_OF_HOURS: a completion at 02:10 plant time raises; one at 21:59 does not', async () => {
    const fraud = await historyTicket(db, plant, { plate: testPlate('H'), gross: '40', tare: '15', completedAt: morning(0, '02:10'), minutesOnSite: 5 });
    const fine = await historyTicket(db, plant, { plate: testPlate('H'), gross: '40', tare: '15', completedAt: morning(0, '21:59') });
    await scanTickets(db, plant.orgId, [fraud, fine]);
    expect(await alertsOf(fraud)).toEqual([expect.objectContaining({ rule: 'OUT_OF_HOURS', evidence: expect.objectContaining({ at: '02:10' }) })]);
    expect(await rulesOf(fine)).toEqual([]);
  });

  it('REWEIGHED_SOON: the same truck completing 12 minutes after its last raises; 40 minutes after, nothing', async () => {
    const [x, y] = [testPlate('R'), testPlate('R')];
    await historyTicket(db, plant, { plate: x, gross: '40', tare: '15', completedAt: morning(0, '09:00') });
    await historyTicket(db, plant, { plate: y, gross: '40', tare: '15', completedAt: morning(0, '09:00') });
    const fraud = await historyTicket(db, plant, { plate: x, gross: '40', tare: '15', completedAt: morning(0, '09:12'), minutesOnSite: 5 });
    const fine = await historyTicket(db, plant, { plate: y, gross: '40', tare: '15', completedAt: morning(0, '09:40'), minutesOnSite: 5 });
    await scanTickets(db, plant.orgId, [fraud, fine]);
    expect(await alertsOf(fraud)).toEqual([expect.objectContaining({ rule: 'REWEIGHED_SOON', evidence: expect.objectContaining({ gapMinutes: 12 }) })]);
    expect(await rulesOf(fine)).toEqual([]);
  });

  it('OTHER_SCALE: where the plant forbids it, a second weighing on another scale raises; on the same scale, nothing', async () => {
    const fraud = await historyTicket(db, plant, { plate: testPlate('O'), gross: '40', tare: '15', completedAt: morning(0, '09:00'), firstScale: 'SC1', secondScale: 'SC2' });
    const fine = await historyTicket(db, plant, { plate: testPlate('O'), gross: '40', tare: '15', completedAt: morning(0, '09:00'), firstScale: 'SC1', secondScale: 'SC1' });
    // by default the plant allows it
    expect(await scanTickets(db, plant.orgId, [fraud])).toBe(0);
    await setRule('OTHER_SCALE', { forbid: true });
    await scanTickets(db, plant.orgId, [fraud, fine]);
    expect(await alertsOf(fraud)).toEqual([expect.objectContaining({ rule: 'OTHER_SCALE', scale_id: 'SC2', evidence: expect.objectContaining({ firstScale: 'SC1', secondScale: 'SC2' }) })]);
    expect(await rulesOf(fine)).toEqual([]);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  it('DWELL_UNUSUAL: ten minutes loaded on a scale whose trucks stand a minute raises; 70 seconds does not', async () => {
    // the lane's usual: its last scanned weighings
    for (let i = 0; i < 10; i++) {
      const id = await historyTicket(db, plant, { plate: testPlate('D'), gross: '40', tare: '15', completedAt: morning(1, '09:00'), secondScale: 'SCD' });
      await pool.query(`INSERT INTO wb_alert_scan (org_id, ticket_id, scanned_at, scale_id, dwell_seconds) VALUES ($1, $2, now() - $3::interval, 'SCD', $4)`,
        [plant.orgId, id, `${i} minutes`, 55 + (i % 5) * 5]);
    }
    const kept = async (id: string, seconds: number) => pool.query(
      `INSERT INTO wb_alert_scan (org_id, ticket_id, scale_id, dwell_seconds) VALUES ($1, $2, 'SCD', $3)`, [plant.orgId, id, seconds]);
    const fraud = await historyTicket(db, plant, { plate: testPlate('D'), gross: '40', tare: '15', completedAt: morning(0, '09:00'), secondScale: 'SCD' });
    const fine = await historyTicket(db, plant, { plate: testPlate('D'), gross: '40', tare: '15', completedAt: morning(0, '09:00'), secondScale: 'SCD' });
    await kept(fraud, 600);
    await kept(fine, 70);
    await scanTickets(db, plant.orgId, [fraud, fine]);
    expect(await alertsOf(fraud)).toEqual([expect.objectContaining({ rule: 'DWELL_UNUSUAL', evidence: expect.objectContaining({ seconds: 600, medianSeconds: 65 }) })]);
    expect(await rulesOf(fine)).toEqual([]);
  });

  it('READING_JUMP: the board\'s readings held still then stepping 500 kg raise HIGH with the readings; a truck driving on does not', async () => {
    const board = async (scale: string, points: [number, number][]) => pool.query(
      `INSERT INTO wb_scale_latest (org_id, scale_id, latest, trend) VALUES ($1, $2, $3, $4)`,
      [plant.orgId, scale, JSON.stringify({ unit: 'kg' }), JSON.stringify(points.map(([at, kg]) => [at, String(kg)]))]);
    // the other rules left out: the weighing is now, whatever the hour
    await setRule('OUT_OF_HOURS', {}, false);
    const now = Date.now();
    const at = (i: number) => now - 30_000 + i * 500;
    await board('SCJ1', [...Array.from({ length: 8 }, (_, i): [number, number] => [at(i), 29990 + (i % 3) * 10]), ...Array.from({ length: 6 }, (_, i): [number, number] => [at(8 + i), 30500])]);
    await board('SCJ2', [[at(0), 0], [at(1), 0], [at(2), 9000], [at(3), 18000], [at(4), 26000], [at(5), 30400], ...Array.from({ length: 6 }, (_, i): [number, number] => [at(6 + i), 30500])]);
    const weighed = new Date(now);
    const fraud = await historyTicket(db, plant, { plate: testPlate('J'), kind: 'sa', tare: '15', gross: '30.5', completedAt: weighed, secondScale: 'SCJ1' });
    const fine = await historyTicket(db, plant, { plate: testPlate('J'), kind: 'sa', tare: '15', gross: '30.5', completedAt: weighed, secondScale: 'SCJ2' });
    await scanTickets(db, plant.orgId, [fraud, fine]);
    const [jump] = await alertsOf(fraud);
    expect(jump).toMatchObject({ rule: 'READING_JUMP', severity: 'HIGH', evidence: { weighing: 'SECOND', fromKg: 30000, toKg: 30500, stepKg: 500 } });
    expect(jump.evidence.readings).toHaveLength(14);
    expect(await rulesOf(fine)).toEqual([]);
    // the readings are kept with the ticket: the board keeps only the last minute
    const { rows } = await pool.query('SELECT ticket_id::text, jsonb_array_length(readings) AS n, dwell_seconds FROM wb_alert_scan WHERE ticket_id = ANY($1) ORDER BY ticket_id', [[fraud, fine]]);
    expect(rows).toEqual([{ ticket_id: fraud, n: 14, dwell_seconds: 7 }, { ticket_id: fine, n: 12, dwell_seconds: 5 }]);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });
});

describe('the scan after the weighing', () => {
  it('the second weighing leaves its ticket waiting; the poller scans it after the commit and the alert tells its event', async () => {
    await pool.query(`INSERT INTO sys_subscription (org_id, name, url, events, enabled) VALUES ($1, 'alerts', 'https://alerts.example/hook', 'alert.raised', true)`, [plant.orgId]);
    // the plant's hours set so that now is outside them
    const minute = Number((await pool.query(`SELECT (extract(hour FROM now()) * 60 + extract(minute FROM now()))::int AS m`)).rows[0].m);
    const hm = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await setRule('OUT_OF_HOURS', { from: hm(minute + 60), to: hm(minute + 120) });
    const t = await weighPurchase(app, db, plant, operator, { station: 'A1', gross: '40', tare: '15' });
    expect((await pool.query('SELECT scanned_at FROM wb_alert_scan WHERE ticket_id = $1', [t.id])).rows).toEqual([{ scanned_at: null }]);
    expect(await scanPending(db)).toBeGreaterThanOrEqual(1);
    expect(await rulesOf(t.id)).toEqual(['OUT_OF_HOURS']);
    expect((await pool.query('SELECT scanned_at IS NOT NULL AS done FROM wb_alert_scan WHERE ticket_id = $1', [t.id])).rows).toEqual([{ done: true }]);
    const { rows: events } = await pool.query(`SELECT type, payload FROM sys_event WHERE type = 'alert.raised' AND payload->>'ticketId' = $1`, [t.id]);
    expect(events).toEqual([{ type: 'alert.raised', payload: expect.objectContaining({ rule: 'OUT_OF_HOURS', severity: 'LOW', plate: t.plate, ticketNo: t.no }) }]);
    // scanned again, nothing new
    expect(await scanTickets(db, plant.orgId, [t.id])).toBe(0);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  it('READING_JUMP at the first weighing: the readings that led to it are kept by a scan after it, and the completion\'s scan raises on them', async () => {
    await setRule('OUT_OF_HOURS', {}, false);
    const { key } = expectOk(await call(app, 'POST', '/api/station/credential/issue', admin, { stationName: 'F号磅', scaleId: 'SCF' })).data as { key: string };
    let seq = 1;
    const post = async (kgs: number[]) => {
      const now = Date.now();
      const readings = kgs.map((kg, i) => ({ seq: seq++, at: new Date(now - (kgs.length - i) * 300).toISOString(), weight: String(kg), unit: 'kg', stable: true }));
      const res = await call(app, 'POST', '/api/station/readings', `Station ${key}`, { scaleId: 'SCF', readings });
      expect(res.json().accepted).toBe(kgs.length);
    };
    const { noticeId, lineId } = await makeNoticeLine(db, plant, { maxLimit: '1000', price: '10' });
    const plate = testPlate('F');
    const registryId = await makeRegistry(db, plant, { noticeId, lineId, plate, preQuantity: '20' });
    const weigh = async (which: 'first' | 'second') => expectOk(await call(app, 'POST', `/api/weigh/pu/${which}`, operator, {
      registryId, scaleId: 'SCF', stationId: 'F1', requestId: `F1-${which}-${plate}`,
    })).data as { ticketId: string };
    // held at 30 t with the truck on, then one step of 500 kg: a remote control at the gross
    await post([...Array(8).fill(30000), ...Array(6).fill(30500)]);
    const { ticketId } = await weigh('first');
    expect(await scanPending(db)).toBe(0);
    const kept = (await pool.query('SELECT jsonb_array_length(first_readings) AS n, scanned_at IS NOT NULL AS done FROM wb_alert_scan WHERE ticket_id = $1', [ticketId])).rows;
    expect(kept).toEqual([{ n: 14, done: true }]);
    // the truck drives off, back on empty, and settles: no step at the tare
    await post([0, 0, 8000, ...Array(6).fill(15000)]);
    await weigh('second');
    expect(await scanPending(db)).toBe(1);
    expect(await alertsOf(ticketId)).toEqual([expect.objectContaining({
      rule: 'READING_JUMP', severity: 'HIGH', scale_id: 'SCF', message: expect.stringMatching(/^一次过磅稳定读数/),
      evidence: expect.objectContaining({ weighing: 'FIRST', fromKg: 30000, toKg: 30500, stepKg: 500, ticketIds: [ticketId] }),
    })]);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  it('a manual ticket waits for the scan too: its gross beyond the plate\'s rated mass raises', async () => {
    await setRule('OUT_OF_HOURS', {}, false);
    const plate = testPlate('M');
    const vehicle = await makeVehicle(db, plant, plate, { standard: '15' });
    await pool.query('UPDATE md_vehicle SET capacity_tonnage = 30 WHERE id = $1', [vehicle]);
    const made = expectOk(await call(app, 'POST', '/api/weigh/pu/create', admin, { entity: { plateNumber: plate, materialId: plant.materialId, gross: '50', tare: '15', price: '10' } })).data as { id: string };
    expect((await pool.query('SELECT scanned_at FROM wb_alert_scan WHERE ticket_id = $1', [made.id])).rows).toEqual([{ scanned_at: null }]);
    expect(await scanPending(db)).toBe(1);
    expect(await alertsOf(made.id)).toEqual([expect.objectContaining({ rule: 'GROSS_OVER_RATED', plate, evidence: expect.objectContaining({ grossKg: 50000, ratedKg: 45000 }) })]);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  const waiting = async (id: string) => (await pool.query('SELECT scanned_at IS NOT NULL AS done FROM wb_alert_scan WHERE ticket_id = $1', [id])).rows;

  it('a return waits for the scan too, and raises nothing of its own: its figures are its original\'s weighing\'s', async () => {
    await setRule('OUT_OF_HOURS', {}, false);
    const t = await weighPurchase(app, db, plant, operator, { station: 'RT1', gross: '40', tare: '15' });
    await scanPending(db);
    const back = expectOk(await call(app, 'POST', `/api/weigh/pu/returnGoods/${t.id}`, accountant, {})).data as { id: string };
    expect(await waiting(back.id)).toEqual([{ done: false }]);
    await scanPending(db);
    expect(await waiting(back.id)).toEqual([{ done: true }]);
    // judged as a weighing it would be the truck completing again within minutes of its original
    expect(await rulesOf(back.id)).toEqual([]);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  it('a split\'s new part waits for the scan too and raises nothing of its own: its figures are a share of its source\'s weighing', async () => {
    await setRule('OUT_OF_HOURS', {}, false);
    const t = await weighPurchase(app, db, plant, operator, { station: 'SP1', gross: '40', tare: '15' });
    await scanPending(db);
    const { ids: [part] } = expectOk(await call(app, 'POST', '/api/weigh/pu/split', accountant, { id: t.id, parts: ['10', '15'] })).data as { ids: string[] };
    expect(await waiting(part as string)).toEqual([{ done: false }]);
    await scanPending(db);
    expect(await waiting(part as string)).toEqual([{ done: true }]);
    expect(await rulesOf(part as string)).toEqual([]);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  it('one batch: the lane\'s usual includes the batch\'s own tickets scanned before, as ticket by ticket', async () => {
    await setRule('OUT_OF_HOURS', {}, false);
    // a new scale: its whole history is in the batch
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const id = await historyTicket(db, plant, { plate: testPlate('B'), gross: '40', tare: '15', completedAt: morning(0, '09:00'), secondScale: 'SCB' });
      await pool.query(`INSERT INTO wb_alert_scan (org_id, ticket_id, scale_id, dwell_seconds) VALUES ($1, $2, 'SCB', $3)`, [plant.orgId, id, i < 10 ? 55 + (i % 5) * 5 : 600]);
      ids.push(id);
    }
    await scanTickets(db, plant.orgId, ids);
    expect(await alertsOf(ids[10])).toEqual([expect.objectContaining({ rule: 'DWELL_UNUSUAL', evidence: expect.objectContaining({ seconds: 600, medianSeconds: 65 }) })]);
    for (const id of ids.slice(0, 10)) expect(await rulesOf(id)).toEqual([]);
    await pool.query('DELETE FROM wb_alert_setting WHERE org_id = $1', [plant.orgId]);
  });

  it('a batch with a ticket whose scan fails: the others are scanned and raise, the bad one is marked and told', async () => {
    const bad = await historyTicket(db, plant, { plate: testPlate('E'), gross: '40', tare: '15', completedAt: morning(0, '02:10') });
    const good = await historyTicket(db, plant, { plate: testPlate('E'), gross: '40', tare: '15', completedAt: morning(0, '02:20') });
    await queueAlertScan(db, plant.orgId, bad);
    await queueAlertScan(db, plant.orgId, good);
    // what a scan kept, unreadable
    await pool.query(`UPDATE wb_alert_scan SET readings = '"broken"' WHERE ticket_id = $1`, [bad]);
    const failed: string[] = [];
    expect(await scanPending(db, { onError: (id) => failed.push(id) })).toBeGreaterThanOrEqual(1);
    expect(failed).toEqual([bad]);
    expect(await rulesOf(good)).toEqual(['OUT_OF_HOURS']);
    expect(await rulesOf(bad)).toEqual([]);
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_alert_scan WHERE ticket_id = ANY($1) AND scanned_at IS NULL', [[bad, good]])).rows[0].n).toBe(0);
  });

  it('two pollers at once scan each waiting ticket once and raise its alert once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await historyTicket(db, plant, { plate: testPlate('P'), gross: '40', tare: '15', completedAt: morning(0, '02:30') }));
    for (const id of ids) await queueAlertScan(db, plant.orgId, id);
    const [a, b, c] = await Promise.all([scanPending(db, { batch: 2 }), scanPending(db, { batch: 2 }), scanTickets(db, plant.orgId, ids)]);
    expect(a + b + c).toBe(6);
    const { rows } = await pool.query(`SELECT ticket_id::text, count(*)::int AS n FROM wb_alert WHERE ticket_id = ANY($1) GROUP BY ticket_id`, [ids]);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect((await pool.query('SELECT count(*)::int AS n FROM wb_alert_scan WHERE ticket_id = ANY($1) AND scanned_at IS NULL', [ids])).rows[0].n).toBe(0);
    // another company's ticket, or none: nothing scanned, nothing kept
    expect(await scanTickets(db, plant.orgId, ['999999999'])).toBe(0);
    expect((await pool.query(`SELECT count(*)::int AS n FROM wb_alert_scan WHERE ticket_id = 999999999`)).rows[0].n).toBe(0);
  });
});
