import { beforeAll, describe, expect, it } from 'vitest';
import {
  FRAUD_RULES, GENERATED_PLANT, GENERATED_SETTINGS, generateFraudHistory, measureRecall, writeAlertSettings, writeFraudHistory, writeTargetFor,
  type FraudHistory, type GenTicket, type RaisedAlert, type Written,
} from '../../../test/fraud';
import { freshDatabase } from '../../../test/harness';
import { runNightly } from './nightly';
import { scanPending } from './scan';
import {
  dwellUnusual, grossOverRated, netUnusual, operatorOutliers, otherScale, outOfHours, readingJump, reweighedSoon, sameWeight, tareDrift,
  type AlertRule, type Finding,
} from './rules';

/**
 * The seeded fraud generator (test/fraud.ts, also the recall bench's) at a small size: the same seed
 * gives the same history; its clean history is quiet and each injected case is caught, first by the
 * pure rules over what the generator made (so the generator is known to make what the rules look
 * for), then by the engine over the database.
 */

const small = { seed: 2026, cleanTrucks: 40, casesPerRule: 3, days: 60, endDay: '2026-11-01' };

/** Each pure rule over the generated history as the engine would feed it: per ticket, what came before. */
function pureFindings(h: FraudHistory): { rule: AlertRule; ref?: string; plates: string[]; operator?: number; finding: Finding }[] {
  const out: ReturnType<typeof pureFindings> = [];
  const score = { minHistory: 5, threshold: 3.5, minSpreadKg: 50 };
  const seen = new Map<string, GenTicket[]>();
  const laneDwell = new Map<string, number[]>();
  const zone = h.options.zoneOffsetMinutes * 60_000;
  for (const tk of h.tickets) {
    const truck = h.trucks[tk.truck];
    const past = seen.get(truck.plate) ?? [];
    const second = tk.weighings[1];
    const add = (f: Finding | null) => f && out.push({ rule: f.rule, ref: tk.ref, plates: [truck.plate], finding: f });
    add(tareDrift(tk.kind, tk.tareKg, past.slice(-20).map((x) => x.tareKg), score));
    add(netUnusual(tk.kind, tk.netKg, past.slice(-20).map((x) => x.netKg), { minHistory: 10, threshold: 3.5, minSpreadKg: 1000 }));
    add(grossOverRated(tk.grossKg, truck.ratedKg, 5));
    add(outOfHours(Math.floor(((tk.completedAt + zone) % 86_400_000) / 60_000), GENERATED_PLANT.hours));
    add(reweighedSoon(truck.plate, past.at(-1)?.completedAt ?? null, tk.completedAt, { withinMs: 30 * 60_000 }));
    add(otherScale(tk.weighings[0].scale, second.scale, GENERATED_PLANT.forbidOtherScale));
    const lane = laneDwell.get(second.scale) ?? [];
    add(dwellUnusual(second.dwellSeconds, lane.slice(-200), { minHistory: 20, threshold: 3.5, minSpreadKg: 30 }));
    for (const w of tk.weighings) add(readingJump(w.readings, { settleKg: 20, minLoadKg: 5000, minStepKg: 100, minPlateau: 3, maxStepShare: 0.2 }));
    seen.set(truck.plate, [...past, tk]);
    laneDwell.set(second.scale, [...lane, second.dwellSeconds]);
  }
  const plateOf = new Map(h.tickets.map((t) => [t.ref, h.trucks[t.truck].plate]));
  for (const f of sameWeight(h.tickets.map((t) => ({ ticketId: t.ref, plate: h.trucks[t.truck].plate, kg: t.netKg, at: t.completedAt })), { windowMs: 60 * 60_000, minTrucks: 3 })) {
    out.push({ rule: 'SAME_WEIGHT', plates: (f.evidence.tickets as string[]).map((r) => plateOf.get(r) as string), finding: f });
  }
  const tallies = (count: (t: GenTicket, op: number) => [events: number, total: number], ops: number) =>
    Array.from({ length: ops }, (_, op) => h.tickets.reduce((acc, t) => {
      const [e, n] = count(t, op);
      return { operator: String(op), events: acc.events + e, total: acc.total + n };
    }, { operator: String(op), events: 0, total: 0 }));
  const outlierSettings = { minTotal: 30, threshold: 3.5, minSpreadRate: 0.02 };
  const byOperator = {
    TYPED: tallies((t, op) => t.weighings.filter((w) => w.operator === op).reduce(([e, n], w) => [e + (w.typed ? 1 : 0), n + 1], [0, 0]), h.options.operators),
    DEDUCTION: tallies((t, op) => (t.weighings[1].operator === op && t.kind === 'pu' ? [t.deductKg > 0 ? 1 : 0, 1] : [0, 0]), h.options.operators),
    PRICE: tallies((t, op) => (t.weighings[1].operator === op ? [t.priceChangedBy === op ? 1 : 0, 1] : [0, 0]), h.options.operators),
    APPROVAL: tallies((t, op) => (t.intervention?.by === op ? [t.intervention.approved ? 1 : 0, 1] : [0, 0]), h.options.remoteOperators),
  };
  for (const [what, list] of Object.entries(byOperator)) {
    for (const f of operatorOutliers(what, list, outlierSettings)) {
      out.push({ rule: 'OPERATOR_OUTLIER', plates: [], operator: Number((f.evidence as { operator: string }).operator), finding: { ...f, evidence: { ...f.evidence, what } } });
    }
  }
  return out;
}

describe('the seeded fraud generator', () => {
  it('gives the same history for the same seed and another for another seed', () => {
    const a = generateFraudHistory(small);
    const b = generateFraudHistory(small);
    expect(b.tickets).toEqual(a.tickets);
    expect(b.truth).toEqual(a.truth);
    const c = generateFraudHistory({ ...small, seed: 7 });
    expect(c.tickets.map((t) => t.netKg)).not.toEqual(a.tickets.map((t) => t.netKg));
  });

  it('makes a clean history that varies as a plant does, and cases of every rule', () => {
    const h = generateFraudHistory(small);
    for (const rule of FRAUD_RULES.filter((r) => r !== 'SAME_WEIGHT' && r !== 'OPERATOR_OUTLIER')) expect(h.truth.tickets[rule]).toHaveLength(3);
    expect(h.truth.sameWeightGroups).toHaveLength(3);
    const clean = new Set(h.truth.cleanPlates);
    expect(clean.size).toBe(40);
    // a clean truck's tares and nets vary (by tens of kilograms and by a few percent), never to the kilogram alike
    const first = h.tickets.filter((t) => h.trucks[t.truck].plate === h.truth.cleanPlates[0]);
    expect(first.length).toBeGreaterThan(30);
    expect(new Set(first.map((t) => t.tareKg)).size).toBeGreaterThan(first.length / 2);
    expect(Math.max(...first.map((t) => t.tareKg)) - Math.min(...first.map((t) => t.tareKg))).toBeGreaterThan(50);
    expect(new Set(first.map((t) => t.netKg)).size).toBe(first.length);
  });

  it('every injected case is what its rule catches, and the clean trucks raise nothing', () => {
    const h = generateFraudHistory(small);
    const found = pureFindings(h);
    for (const [rule, refs] of Object.entries(h.truth.tickets)) {
      for (const ref of refs) expect(found.some((f) => f.rule === rule && f.ref === ref), `${rule} ${ref}`).toBe(true);
    }
    for (const group of h.truth.sameWeightGroups) {
      expect(found.some((f) => f.rule === 'SAME_WEIGHT' && group.every((r) => (f.finding.evidence.tickets as string[]).includes(r)))).toBe(true);
    }
    for (const [what, ops] of Object.entries(h.truth.operators)) {
      for (const op of ops) expect(found.some((f) => f.rule === 'OPERATOR_OUTLIER' && f.operator === op && f.finding.evidence.what === what), `${what} ${op}`).toBe(true);
    }
    // the honest operators stand out of nothing
    const outliers = found.filter((f) => f.rule === 'OPERATOR_OUTLIER').map((f) => `${f.finding.evidence.what}:${f.operator}`);
    expect(outliers.sort()).toEqual(Object.entries(h.truth.operators).flatMap(([what, ops]) => ops.map((op) => `${what}:${op}`)).sort());
    const clean = new Set(h.truth.cleanPlates);
    const onClean = found.filter((f) => f.plates.some((p) => clean.has(p)));
    expect(onClean.map((f) => `${f.rule} ${f.plates.join(',')} ${f.finding.message}`)).toEqual([]);
  });
});

describe('the generated history in the database', () => {
  const h = generateFraudHistory(small);
  let db: Awaited<ReturnType<typeof freshDatabase>>['database'];
  let written: Written;
  let orgId: string;
  beforeAll(async () => {
    ({ database: db } = await freshDatabase());
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const target = await writeTargetFor(client, 'HDSN');
      orgId = target.orgId;
      written = await writeFraudHistory(client, h, target);
      await writeAlertSettings(client, orgId, GENERATED_SETTINGS);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  });

  it('is kept as the platform keeps weighings: completed tickets, their readings, deductions, prices and interventions', async () => {
    expect(written.ticketIds.size).toBe(h.tickets.length);
    const { rows: [n] } = await db.pool.query(`SELECT
        (SELECT count(*) FROM wb_ticket WHERE ticket_no LIKE 'GENBD%' AND state = 'COMPLETED')::int AS tickets,
        (SELECT count(*) FROM wb_weighing w JOIN wb_ticket t ON t.id = w.ticket_id WHERE t.ticket_no LIKE 'GENBD%')::int AS weighings,
        (SELECT count(*) FROM wb_weighing WHERE request_id LIKE 'gen-%' AND source = 'MANUAL')::int AS typed,
        (SELECT count(*) FROM wb_ticket_deduction d JOIN wb_ticket t ON t.id = d.ticket_id WHERE t.ticket_no LIKE 'GENBD%')::int AS deductions,
        (SELECT count(*) FROM wb_ticket WHERE ticket_no LIKE 'GENBD%' AND price_source = 'MANUAL')::int AS prices,
        (SELECT count(*) FROM wb_lane_intervention WHERE request_id LIKE 'gen-%' AND state = 'USED')::int AS approved,
        (SELECT count(*) FROM md_vehicle WHERE plate_number LIKE '浙F%' AND capacity_tonnage + standard_tare = 49)::int AS vehicles,
        (SELECT count(*) FROM sys_log WHERE action = 'modifyPrice')::int AS logged,
        (SELECT count(*) FROM wb_alert_scan WHERE scanned_at IS NULL AND readings IS NOT NULL)::int AS waiting`);
    expect(n).toEqual({
      tickets: h.tickets.length,
      weighings: h.tickets.length * 2,
      typed: h.tickets.flatMap((t) => t.weighings).filter((w) => w.typed).length,
      deductions: h.tickets.filter((t) => t.deductKg > 0).length,
      prices: h.tickets.filter((t) => t.priceChangedBy !== null).length,
      approved: h.tickets.filter((t) => t.intervention?.approved).length,
      vehicles: h.trucks.length,
      logged: h.tickets.filter((t) => t.priceChangedBy !== null).length,
      waiting: h.tickets.length,
    });
    // an injected ticket as written: the over-rated gross, the net its tare and gross make
    const ref = h.truth.tickets.GROSS_OVER_RATED?.[0] as string;
    const tk = h.tickets.find((t) => t.ref === ref) as GenTicket;
    const { rows: [row] } = await db.pool.query('SELECT gross::float8 * 1000 AS gross, net::float8 * 1000 AS net FROM wb_ticket WHERE id = $1', [written.ticketIds.get(ref)]);
    expect(row).toEqual({ gross: tk.grossKg, net: tk.netKg });
    expect(tk.grossKg).toBeGreaterThan(GENERATED_PLANT.ratedKg * 1.1);
  });

  it('run through the engine (the scan of every completion, the nightly job of every day), every rule catches its cases and no clean truck is alerted', async () => {
    await scanPending(db.db, { onError: (id, error) => { throw new Error(`scan of ${id}: ${String(error)}`); } });
    for (let d = 0; d < small.days; d++) {
      const day = new Date(Date.parse(`${small.endDay}T00:00:00Z`) - (small.days - d) * 86_400_000).toISOString().slice(0, 10);
      await runNightly(db.db, orgId, day);
    }
    const { rows: alerts } = await db.pool.query<RaisedAlert>('SELECT rule, ticket_id::text, plate, operator_id::text, evidence FROM wb_alert WHERE org_id = $1', [orgId]);
    const recall = measureRecall(h, written, alerts);
    const missed = Object.entries(recall.perRule).filter(([, r]) => r.recall < 1).map(([rule, r]) => `${rule}: ${r.caught}/${r.cases}, missed ${r.missed.join(' ')}`);
    expect(missed).toEqual([]);
    const onClean = alerts.filter((a) => recall.cleanAlerted.includes(a.plate ?? '') || (a.evidence.plates as string[] | undefined)?.some((p) => recall.cleanAlerted.includes(p)));
    expect(onClean.map((a) => `${a.rule} ${a.plate}: ${JSON.stringify(a.evidence)}`)).toEqual([]);
    expect(recall.cleanShare).toBe(0);
  }, 300_000);
});
