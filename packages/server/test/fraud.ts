import type pg from 'pg';
import type { AlertRule } from '../src/domain/alert/rules';

/**
 * A company's weighing history with the frauds of every 预警中心 rule put in, from a seed: the same
 * seed gives the same history, to the kilogram and the second. Used at a small size by the server's
 * recall test (domain/alert/recall.test.ts) and at the plant's size by bench/alert-recall.ts.
 *
 * The clean history is what a plant sees: every truck has its own tare (14-17.5 t) that varies by a
 * few tens of kilograms from trip to trip (fuel, mud, the driver), its own usual load of its material
 * (varying by a few percent), a legal gross under its rated mass, two weighings on one scale within
 * the plant's hours, a couple of minutes on the scale, readings that rise as the axles drive on and
 * settle; operators who type a weight, grant a deduction or change a price now and then, and remote
 * operators who approve most of the lane's interventions and forbid some.
 *
 * The frauds, each on trucks (or operators) of its own so that a clean truck stays clean:
 *   TARE_DRIFT        a sales truck weighed empty with a passenger or water in its tank (+350-900 kg),
 *                     or a purchase truck on a borrowed (lighter) tare (-1.5-3 t);
 *   GROSS_OVER_RATED  a gross 12-25 % over the vehicle's rated total mass;
 *   NET_UNUSUAL       a purchase net 25-40 % over the truck's usual for its material;
 *   SAME_WEIGHT       three different trucks with the same net to the kilogram within half an hour;
 *   OPERATOR_OUTLIER  one operator typing weights, one granting deductions, one changing prices far
 *                     more than the peers, one remote operator approving every intervention;
 *   OUT_OF_HOURS      a weighing at 01:00-04:00 (the plant works 06:00-22:00);
 *   REWEIGHED_SOON    the same truck completing again 4-15 minutes after its last completion;
 *   OTHER_SCALE       the second weighing on the other scale;
 *   DWELL_UNUSUAL     15-40 minutes on the scale where the lane's usual is about two;
 *   READING_JUMP      readings held with the truck on the scale, then one step to the weighed value.
 * The ground truth names, per rule, the injected tickets (or operators) and the trucks that are clean.
 */

export const FRAUD_RULES: readonly AlertRule[] = [
  'TARE_DRIFT', 'GROSS_OVER_RATED', 'NET_UNUSUAL', 'SAME_WEIGHT', 'OPERATOR_OUTLIER',
  'OUT_OF_HOURS', 'REWEIGHED_SOON', 'OTHER_SCALE', 'DWELL_UNUSUAL', 'READING_JUMP',
];

/** The rules injected on one truck's one ticket each. */
const TICKET_RULES = ['TARE_DRIFT', 'GROSS_OVER_RATED', 'NET_UNUSUAL', 'OUT_OF_HOURS', 'REWEIGHED_SOON', 'OTHER_SCALE', 'DWELL_UNUSUAL', 'READING_JUMP'] as const;

export type OperatorWhat = 'TYPED' | 'DEDUCTION' | 'PRICE' | 'APPROVAL';

export interface FraudOptions {
  seed: number;
  /** trucks whose whole history is clean */
  cleanTrucks: number;
  /** injected cases per rule (a truck each; for SAME_WEIGHT, groups of three trucks) */
  casesPerRule: number;
  /** days of history, ending the day before `endDay` */
  days: number;
  /** the plant day after the history (YYYY-MM-DD); the history's last day is the one before */
  endDay: string;
  /** the plant's offset from UTC in minutes (Asia/Shanghai: 480) */
  zoneOffsetMinutes?: number;
  /** a truck's trips a day, on average [0.8] */
  tripsPerDay?: number;
  /** the plates' prefix, so the history keeps apart from other trucks of the company ['浙F'] */
  platePrefix?: string;
  /** weighing operators [8] and remote (lane) operators [4] */
  operators?: number;
  remoteOperators?: number;
}

/** The plant the generated history keeps to: the settings a company would give the rules. */
/**
 * The company's settings of the rules where the generated plant differs from the defaults: it
 * forbids a second weighing on another scale. (A truck's load varies by a few percent, about 800 kg
 * on 27 t, which a net spread floor of 200 kg took for frauds on one clean truck in ten: NET_UNUSUAL's
 * default floor is 1,000 kg, quiet on them and still seeing a load 25 % over the usual.)
 */
export const GENERATED_SETTINGS: Partial<Record<AlertRule, Record<string, number | boolean | string>>> = {
  OTHER_SCALE: { forbid: true },
};

/** Writes a company's settings of some rules (wb_alert_setting), as the settings screen saves them. */
export async function writeAlertSettings(c: pg.ClientBase, orgId: string, settings: Partial<Record<AlertRule, Record<string, number | boolean | string>>>): Promise<void> {
  for (const [rule, s] of Object.entries(settings)) {
    await c.query(`INSERT INTO wb_alert_setting (org_id, rule, enabled, settings) VALUES ($1, $2, true, $3::jsonb)
      ON CONFLICT (org_id, rule) DO UPDATE SET settings = wb_alert_setting.settings || EXCLUDED.settings, enabled = true`, [orgId, rule, JSON.stringify(s)]);
  }
}

export const GENERATED_PLANT = {
  hours: { from: 6 * 60, to: 22 * 60 },
  scales: ['SCALE1', 'SCALE2'] as const,
  forbidOtherScale: true,
  /** GB 1589's limit for a six-axle truck, the rated total mass every generated truck carries */
  ratedKg: 49_000,
};

export interface Reading { at: number; kg: number }

export interface GenWeighing {
  reading: 'FIRST' | 'SECOND';
  kg: number;
  at: number;
  scale: string;
  /** an operator index (`operators`), or null for the unattended lane */
  operator: number;
  typed: boolean;
  /** seconds from the first reading with the truck on the scale to the stable one */
  dwellSeconds: number;
  /** the indicator's readings up to the stable one (the last is the weighed value) */
  readings: Reading[];
}

export interface GenTicket {
  /** the ticket's key in the history, also its ticket_no's tail */
  ref: string;
  truck: number;
  kind: 'pu' | 'sa';
  grossKg: number;
  tareKg: number;
  deductKg: number;
  netKg: number;
  completedAt: number;
  weighings: GenWeighing[];
  /** an operator index who changed the ticket's price, or null */
  priceChangedBy: number | null;
  /** a lane intervention on the ticket: the remote operator index who answered it, and how */
  intervention: { by: number; approved: boolean } | null;
}

export interface GenTruck {
  plate: string;
  kind: 'pu' | 'sa';
  /** the material and counterparty slot (0-based; the writer maps them onto the company's) */
  material: number;
  party: number;
  ratedKg: number;
  usualTareKg: number;
  usualNetKg: number;
  /** the rule injected on it, or null for a clean truck */
  fraud: AlertRule | null;
}

export interface GroundTruth {
  /** per ticket rule: the injected ticket refs */
  tickets: Partial<Record<AlertRule, string[]>>;
  /** SAME_WEIGHT: the groups of ticket refs that share a weight */
  sameWeightGroups: string[][];
  /** OPERATOR_OUTLIER: the operator indexes that stand out, per what (APPROVAL: a remote operator index) */
  operators: Record<OperatorWhat, number[]>;
  /** the plates of the clean trucks */
  cleanPlates: string[];
}

export interface FraudHistory {
  options: Required<FraudOptions>;
  trucks: GenTruck[];
  tickets: GenTicket[];
  operatorNames: string[];
  remoteNames: string[];
  truth: GroundTruth;
}

/** mulberry32: a small, fast, well-mixed 32-bit generator; the same seed gives the same sequence. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first day (0-based, of `days`) that frauds are injected on: the history's last third, each truck having its history by then. */
export const injectedFromDay = (days: number) => Math.ceil((days * 2) / 3);

const DAY = 86_400_000;
const MIN = 60_000;

export function generateFraudHistory(input: FraudOptions): FraudHistory {
  const o: Required<FraudOptions> = {
    zoneOffsetMinutes: 480, tripsPerDay: 0.8, platePrefix: '浙F', operators: 8, remoteOperators: 4, ...input,
  };
  const rnd = prng(o.seed);
  const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();
  const int = (lo: number, hi: number) => Math.floor(between(lo, hi + 1));
  const normal = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
  // midnight of the history's first plant day, as UTC milliseconds
  const firstMidnight = Date.parse(`${o.endDay}T00:00:00Z`) - o.days * DAY - o.zoneOffsetMinutes * MIN;

  const trucks: GenTruck[] = [];
  const addTruck = (fraud: AlertRule | null, kind?: 'pu' | 'sa') => {
    const n = trucks.length;
    const k = kind ?? (rnd() < 0.5 ? 'pu' : 'sa');
    trucks.push({
      plate: `${o.platePrefix}${String.fromCharCode(65 + (n % 20))}${String(1000 + n).padStart(4, '0')}`.toUpperCase(),
      kind: k, material: n % 3, party: n % 7, ratedKg: GENERATED_PLANT.ratedKg,
      usualTareKg: Math.round(between(14_000, 17_500)), usualNetKg: Math.round(between(24_000, 30_000)), fraud,
    });
    return n;
  };
  for (let i = 0; i < o.cleanTrucks; i++) addTruck(null);
  const fraudTruck = new Map<AlertRule, number[]>();
  for (const rule of TICKET_RULES) {
    for (let c = 0; c < o.casesPerRule; c++) {
      // the passenger and the water are a sale's (a heavier tare lightens the net the customer pays for),
      // the borrowed tare a purchase's; a bigger net is the vendor's (purchase)
      const kind = rule === 'TARE_DRIFT' ? (c % 2 === 0 ? 'sa' : 'pu') : rule === 'NET_UNUSUAL' ? 'pu' : undefined;
      fraudTruck.set(rule, [...(fraudTruck.get(rule) ?? []), addTruck(rule, kind)]);
    }
  }
  const sameWeightTrucks: number[][] = [];
  for (let c = 0; c < o.casesPerRule; c++) sameWeightTrucks.push([0, 1, 2].map(() => addTruck('SAME_WEIGHT', 'pu')));

  const operatorNames = Array.from({ length: o.operators }, (_, i) => `司磅员${String.fromCharCode(65 + i)}`);
  const remoteNames = Array.from({ length: o.remoteOperators }, (_, i) => `远程值守${String.fromCharCode(65 + i)}`);
  // the outlying operators: one each for typed weights, deductions and prices; one remote approver
  const outlier: Record<OperatorWhat, number[]> = { TYPED: [0], DEDUCTION: [1], PRICE: [2], APPROVAL: [0] };

  const tickets: GenTicket[] = [];
  let seq = 0;
  /** a day's minute inside the plant's hours, leaving room for the trip */
  const dayMinute = () => int(GENERATED_PLANT.hours.from + 30, GENERATED_PLANT.hours.to - 120);
  const readingsOf = (kg: number, at: number, dwellSeconds: number): Reading[] => {
    // the axles driving on: a rise through a few readings from the empty scale, then the settled value
    const steps = 4;
    const start = at - dwellSeconds * 1000;
    const out: Reading[] = [{ at: start, kg: 0 }];
    for (let i = 1; i <= steps; i++) out.push({ at: start + i * 1000, kg: Math.round((kg * i) / (steps + 1) + normal() * 50) });
    const settleFrom = start + (steps + 1) * 1000;
    const held = Math.max(3, Math.min(10, Math.floor((at - settleFrom) / 1000)));
    for (let i = 0; i < held; i++) out.push({ at: settleFrom + ((at - settleFrom) * i) / held, kg: kg + Math.round(normal() * 4) });
    out.push({ at, kg });
    return out;
  };
  const makeTicket = (truck: number, firstAt: number, over: Partial<{ tareKg: number; netKg: number; grossKg: number }> = {}): GenTicket => {
    const t = trucks[truck];
    const tareKg = over.tareKg ?? Math.round(t.usualTareKg + normal() * 30);
    let netKg = over.netKg ?? Math.round(t.usualNetKg * (1 + normal() * 0.03));
    if (over.grossKg !== undefined) netKg = over.grossKg - tareKg;
    // a clean truck keeps under its rated mass: the loader stops at the legal load
    if (over.grossKg === undefined && over.netKg === undefined) netKg = Math.min(netKg, t.ratedKg - 500 - tareKg);
    const grossKg = tareKg + netKg;
    const secondAt = firstAt + int(25, 90) * MIN;
    const scale = GENERATED_PLANT.scales[truck % 2];
    const operator = int(0, o.operators - 1);
    const weigh = (reading: 'FIRST' | 'SECOND', kg: number, at: number): GenWeighing => {
      const dwellSeconds = int(70, 130);
      return { reading, kg, at, scale, operator, typed: false, dwellSeconds, readings: readingsOf(kg, at, dwellSeconds) };
    };
    const [firstKg, secondKg] = t.kind === 'pu' ? [grossKg, tareKg] : [tareKg, grossKg];
    return {
      ref: `${o.seed}-${++seq}`, truck, kind: t.kind, grossKg, tareKg, deductKg: 0, netKg, completedAt: secondAt,
      weighings: [weigh('FIRST', firstKg, firstAt), weigh('SECOND', secondKg, secondAt)], priceChangedBy: null, intervention: null,
    };
  };

  // every truck's clean trips: at most one a day, within the plant's hours
  const byTruck: GenTicket[][] = trucks.map(() => []);
  for (let d = 0; d < o.days; d++) {
    for (let tr = 0; tr < trucks.length; tr++) {
      if (rnd() >= o.tripsPerDay) continue;
      const ticket = makeTicket(tr, firstMidnight + d * DAY + dayMinute() * MIN);
      byTruck[tr].push(ticket);
      tickets.push(ticket);
    }
  }

  // the operators' habits, on every ticket (clean trucks' too: an operator's alert names the operator)
  const rate = (what: OperatorWhat, op: number, base: number, high: number) => (outlier[what].includes(op) ? high : base);
  for (const tk of tickets) {
    for (const w of tk.weighings) if (rnd() < rate('TYPED', w.operator, 0.02, 0.3)) w.typed = true;
    const second = tk.weighings[1];
    if (tk.kind === 'pu' && rnd() < rate('DEDUCTION', second.operator, 0.04, 0.35)) {
      tk.deductKg = int(5, 30) * 10;
      tk.netKg -= tk.deductKg;
    }
    if (rnd() < rate('PRICE', second.operator, 0.01, 0.25)) tk.priceChangedBy = second.operator;
    if (rnd() < 0.25) {
      const by = rnd() < 0.3 ? 0 : int(0, o.remoteOperators - 1);
      tk.intervention = { by, approved: outlier.APPROVAL.includes(by) ? true : rnd() < 0.5 };
    }
  }

  // one injected ticket per fraud truck, in the history's last third (the truck has its history by then)
  const truthTickets: Partial<Record<AlertRule, string[]>> = {};
  const inject = (rule: AlertRule, ref: string) => (truthTickets[rule] = [...(truthTickets[rule] ?? []), ref]);
  const lastThirdDay = () => int(injectedFromDay(o.days), o.days - 1);
  const replaceOn = (truck: number, day: number, ticket: GenTicket) => {
    const list = byTruck[truck];
    const at = list.findIndex((x) => x.completedAt >= firstMidnight + day * DAY);
    const dropped = at >= 0 && list[at].completedAt < firstMidnight + (day + 1) * DAY ? list.splice(at, 1, ticket)[0] : null;
    if (!dropped) list.push(ticket);
    const i = dropped ? tickets.indexOf(dropped) : -1;
    if (i >= 0) tickets.splice(i, 1, ticket); else tickets.push(ticket);
  };
  for (const rule of TICKET_RULES) {
    for (const tr of fraudTruck.get(rule) ?? []) {
      const t = trucks[tr];
      const day = lastThirdDay();
      const firstAt = firstMidnight + day * DAY + dayMinute() * MIN;
      let tk: GenTicket;
      switch (rule) {
        case 'TARE_DRIFT':
          tk = makeTicket(tr, firstAt, { tareKg: t.kind === 'sa' ? t.usualTareKg + int(35, 90) * 10 : t.usualTareKg - int(150, 300) * 10 });
          break;
        case 'GROSS_OVER_RATED':
          tk = makeTicket(tr, firstAt, { grossKg: Math.round(t.ratedKg * between(1.12, 1.25)) });
          break;
        case 'NET_UNUSUAL':
          tk = makeTicket(tr, firstAt, { netKg: Math.round(t.usualNetKg * between(1.25, 1.4)) });
          break;
        case 'OUT_OF_HOURS':
          tk = makeTicket(tr, firstMidnight + day * DAY + int(60, 150) * MIN);
          break;
        case 'OTHER_SCALE':
          tk = makeTicket(tr, firstAt);
          tk.weighings[1].scale = GENERATED_PLANT.scales.find((s) => s !== tk.weighings[0].scale) as string;
          break;
        case 'DWELL_UNUSUAL': {
          tk = makeTicket(tr, firstAt);
          const w = tk.weighings[1];
          w.dwellSeconds = int(15, 40) * 60;
          w.readings = readingsOf(w.kg, w.at, w.dwellSeconds);
          break;
        }
        case 'READING_JUMP': {
          tk = makeTicket(tr, firstAt);
          // held at a value, then one step to the weighed one: a remote control on the indicator
          const w = tk.weighings[1];
          const step = int(3, 15) * 100;
          const heldKg = w.kg - step;
          const start = w.at - w.dwellSeconds * 1000;
          const rise = [0, 1, 2, 3, 4].map((i) => ({ at: start + i * 1000, kg: i === 0 ? 0 : Math.round((heldKg * i) / 5) }));
          const held = Array.from({ length: 8 }, (_, i) => ({ at: start + (5 + i) * 1000, kg: heldKg + Math.round(normal() * 4) }));
          w.readings = [...rise, ...held, { at: w.at, kg: w.kg }];
          break;
        }
        default: { // REWEIGHED_SOON: a second completion minutes after the day's trip
          const first = makeTicket(tr, firstAt);
          replaceOn(tr, day, first);
          tk = makeTicket(tr, first.completedAt + MIN);
          tk.completedAt = tk.weighings[1].at = first.completedAt + int(4, 15) * MIN;
          tk.weighings.forEach((w) => (w.readings = readingsOf(w.kg, w.at, w.dwellSeconds)));
          tickets.push(tk);
          byTruck[tr].push(tk);
          inject(rule, tk.ref);
          continue;
        }
      }
      replaceOn(tr, day, tk);
      inject(rule, tk.ref);
    }
  }

  // three trucks with the same net to the kilogram within half an hour (their grosses differ by their tares)
  const groups: string[][] = [];
  for (const group of sameWeightTrucks) {
    const day = lastThirdDay();
    const from = firstMidnight + day * DAY + dayMinute() * MIN;
    const netKg = Math.round(between(25_000, 29_000));
    const refs = group.map((tr, i) => {
      const tk = makeTicket(tr, from + i * 8 * MIN, { netKg });
      tk.completedAt = tk.weighings[1].at = from + i * 8 * MIN + 10 * MIN;
      tk.weighings[1].readings = readingsOf(tk.weighings[1].kg, tk.completedAt, tk.weighings[1].dwellSeconds);
      replaceOn(tr, day, tk);
      return tk.ref;
    });
    groups.push(refs);
  }

  tickets.sort((a, b) => a.completedAt - b.completedAt);
  return {
    options: o, trucks, tickets, operatorNames, remoteNames,
    truth: {
      tickets: truthTickets, sameWeightGroups: groups, operators: outlier,
      cleanPlates: trucks.filter((t) => t.fraud === null).map((t) => t.plate),
    },
  };
}

/** The company's rows the writer hangs the history on. */
export interface WriteTarget {
  orgId: string;
  /** purchase and sales materials, vendors and customers the trucks' slots map onto */
  puMaterials: string[];
  saMaterials: string[];
  vendors: string[];
  customers: string[];
  warehouse: string;
}

export interface Written {
  /** ticket ref -> ticket id */
  ticketIds: Map<string, string>;
  /** operator index -> sys_user id; remote operator index -> sys_user id */
  operatorIds: string[];
  remoteIds: string[];
  /** plate -> md_vehicle id */
  vehicleIds: Map<string, string>;
}

/** Finds a company's materials, counterparties and a warehouse by its code (the demo plant's HDSN). */
export async function writeTargetFor(c: pg.ClientBase, orgCode: string): Promise<WriteTarget> {
  const { rows: [org] } = await c.query<{ id: string }>('SELECT id FROM sys_org WHERE org_code = $1', [orgCode]);
  const ids = async (sql: string) => (await c.query<{ id: string }>(sql, [org.id])).rows.map((r) => String(r.id));
  return {
    orgId: String(org.id),
    puMaterials: await ids(`SELECT m.id FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1 WHERE m.is_pu AND NOT m.is_pack ORDER BY m.id LIMIT 3`),
    saMaterials: await ids(`SELECT m.id FROM md_material m JOIN md_material_alloc a ON a.archive_id = m.id AND a.org_id = $1 WHERE m.is_sa ORDER BY m.id LIMIT 3`),
    vendors: await ids('SELECT archive_id AS id FROM md_vendor_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 7'),
    customers: await ids('SELECT archive_id AS id FROM md_customer_alloc WHERE org_id = $1 ORDER BY archive_id LIMIT 7'),
    warehouse: (await ids('SELECT id FROM md_warehouse WHERE org_id = $1 ORDER BY id LIMIT 1'))[0],
  };
}

const tons = (kg: number) => (kg / 1000).toFixed(3);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes the history as the platform keeps it: the operators (users of the company's group), the
 * vehicles with their rated mass, per trip a completed ticket and its two
 * weighings (scale, operator, typed or read), its deduction, a price typed over, a lane intervention
 * answered by a remote operator (the price change also in the operation log, as the ticket's call
 * writes it), and the scan's row of each ticket (wb_alert_scan: the second weighing's readings up to
 * the stable one and the seconds on the scale, as the scale's board gives them): waiting for the scan
 * when completed at or after `waitingFrom` (ms; default: all), else already scanned at its completion.
 * Set-based (unnest of arrays), in batches; in the caller's transaction if it opened one.
 */
export async function writeFraudHistory(c: pg.ClientBase, h: FraudHistory, target: WriteTarget, options: { waitingFrom?: number } = {}): Promise<Written> {
  const { orgId } = target;
  const seed = h.options.seed;
  const { rows: [org] } = await c.query<{ group_id: string }>('SELECT group_id FROM sys_org WHERE id = $1', [orgId]);
  const users = async (names: string[], prefix: string) => {
    const { rows } = await c.query<{ id: string }>(
      `INSERT INTO sys_user (group_id, username, real_name, password_hash, current_org_id)
       SELECT $1, $2 || '-' || n, name, '!', $3 FROM unnest($4::text[]) WITH ORDINALITY AS u(name, n) ORDER BY n RETURNING id`,
      [org.group_id, `${prefix}${seed}`, orgId, names]);
    return rows.map((r) => String(r.id));
  };
  const operatorIds = await users(h.operatorNames, 'gen-op');
  const remoteIds = await users(h.remoteNames, 'gen-remote');

  // the rated load (核定载质量) and the curb weight make the rated total mass
  const { rows: vehicles } = await c.query<{ id: string; plate_number: string }>(
    `INSERT INTO md_vehicle (org_id, plate_number, axle_type, capacity_tonnage, standard_tare)
     SELECT $1, plate, 6, load::numeric, curb::numeric FROM unnest($2::text[], $3::text[], $4::text[]) AS x(plate, load, curb) RETURNING id, plate_number`,
    [orgId, h.trucks.map((t) => t.plate), h.trucks.map((t) => tons(t.ratedKg - t.usualTareKg)), h.trucks.map((t) => tons(t.usualTareKg))]);
  const vehicleIds = new Map(vehicles.map((v) => [v.plate_number, String(v.id)]));

  const { rows: creds } = await c.query<{ id: string; scale_id: string }>(
    `INSERT INTO wb_station_credential (org_id, station_name, scale_id, key_hash, key_prefix)
     SELECT $1, scale || '无人值守', scale, sha256(convert_to($2 || scale, 'UTF8')), 'gen' FROM unnest($3::text[]) scale RETURNING id, scale_id`,
    [orgId, `gen-${seed}-${orgId}-`, [...GENERATED_PLANT.scales]]);
  const credentialOf = new Map(creds.map((r) => [r.scale_id, String(r.id)]));

  const ticketIds = new Map<string, string>();
  const batch = 2000;
  // where the per-weighing scan keeps a weighing's readings and its time on the scale (migration 103)
  const { rows: [scanTable] } = await c.query<{ present: boolean }>(`SELECT to_regclass('wb_alert_scan') IS NOT NULL AS present`);
  const waitingFrom = options.waitingFrom ?? Number.NEGATIVE_INFINITY;
  for (let from = 0; from < h.tickets.length; from += batch) {
    const part = h.tickets.slice(from, from + batch);
    const cols = {
      ref: [] as string[], kind: [] as string[], plate: [] as string[], vehicle: [] as string[], material: [] as string[],
      vendor: [] as (string | null)[], customer: [] as (string | null)[], firstIs: [] as string[], gross: [] as string[], tare: [] as string[],
      grossAt: [] as string[], tareAt: [] as string[], deduct: [] as string[], net: [] as string[], completed: [] as string[], entered: [] as string[],
      manual: [] as boolean[], priceSource: [] as (string | null)[], updatedBy: [] as (string | null)[], createdBy: [] as string[],
    };
    for (const tk of part) {
      const t = h.trucks[tk.truck];
      const [first, second] = tk.weighings;
      cols.ref.push(tk.ref); cols.kind.push(tk.kind); cols.plate.push(t.plate); cols.vehicle.push(vehicleIds.get(t.plate) as string);
      cols.material.push((tk.kind === 'pu' ? target.puMaterials : target.saMaterials)[t.material % (tk.kind === 'pu' ? target.puMaterials : target.saMaterials).length]);
      cols.vendor.push(tk.kind === 'pu' ? target.vendors[t.party % target.vendors.length] : null);
      cols.customer.push(tk.kind === 'sa' ? target.customers[t.party % target.customers.length] : null);
      cols.firstIs.push(tk.kind === 'pu' ? 'GROSS' : 'TARE');
      cols.gross.push(tons(tk.grossKg)); cols.tare.push(tons(tk.tareKg)); cols.deduct.push(tons(tk.deductKg)); cols.net.push(tons(tk.netKg));
      cols.grossAt.push(iso(tk.kind === 'pu' ? first.at : second.at)); cols.tareAt.push(iso(tk.kind === 'pu' ? second.at : first.at));
      cols.completed.push(iso(tk.completedAt)); cols.entered.push(iso(first.at - 10 * MIN));
      cols.manual.push(tk.weighings.some((w) => w.typed));
      cols.priceSource.push(tk.priceChangedBy === null ? null : 'MANUAL');
      cols.updatedBy.push(tk.priceChangedBy === null ? null : operatorIds[tk.priceChangedBy]);
      cols.createdBy.push(operatorIds[first.operator]);
    }
    const { rows } = await c.query<{ id: string; ref: string }>(
      `INSERT INTO wb_ticket (org_id, kind, ticket_no, state, registry_id, material_id, warehouse_id, vendor_id, customer_id, vehicle_id, plate_number,
                              first_is, gross, gross_time, tare, tare_time, tare_source, deduct_total, net, completed_at, manual, price, price_source,
                              created_at, created_by, updated_at, updated_by)
       SELECT $1, x.kind, 'GENBD' || x.ref, 'COMPLETED', NULL, x.material::bigint, $2, x.vendor::bigint, x.customer::bigint, x.vehicle::bigint, x.plate,
              x.first_is, x.gross::numeric, x.gross_at::timestamptz, x.tare::numeric, x.tare_at::timestamptz, 'WEIGHED', x.deduct::numeric, x.net::numeric,
              x.completed::timestamptz, x.manual, CASE WHEN x.price_source IS NOT NULL THEN 55 END, x.price_source,
              x.entered::timestamptz, x.created_by::bigint, x.completed::timestamptz, coalesce(x.updated_by, x.created_by)::bigint
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[],
                     $14::text[], $15::text[], $16::text[], $17::text[], $18::boolean[], $19::text[], $20::text[], $21::text[], $22::text[])
              AS x(ref, kind, plate, vehicle, material, vendor, customer, first_is, gross, tare, gross_at, tare_at, deduct, net, completed, manual, price_source, updated_by, created_by, entered)
       RETURNING id, substr(ticket_no, 6) AS ref`,
      [orgId, target.warehouse, cols.ref, cols.kind, cols.plate, cols.vehicle, cols.material, cols.vendor, cols.customer, cols.firstIs, cols.gross, cols.tare,
        cols.grossAt, cols.tareAt, cols.deduct, cols.net, cols.completed, cols.manual, cols.priceSource, cols.updatedBy, cols.createdBy, cols.entered]);
    for (const r of rows) ticketIds.set(r.ref, String(r.id));

    const w = { ticket: [] as string[], reading: [] as string[], kg: [] as string[], at: [] as string[], scale: [] as string[], operator: [] as string[], source: [] as string[], request: [] as string[] };
    const d = { ticket: [] as string[], kg: [] as string[], at: [] as string[], by: [] as string[] };
    const pr = { ticket: [] as string[], no: [] as string[], at: [] as string[], by: [] as string[], name: [] as string[] };
    const sc = { ticket: [] as string[], scale: [] as string[], dwell: [] as number[], readings: [] as string[], queued: [] as string[], scanned: [] as (string | null)[] };
    const iv = { ticket: [] as string[], scale: [] as string[], credential: [] as string[], plate: [] as string[], kg: [] as string[], state: [] as string[], by: [] as string[], name: [] as string[], at: [] as string[], request: [] as string[] };
    for (const tk of part) {
      const id = ticketIds.get(tk.ref) as string;
      for (const x of tk.weighings) {
        w.ticket.push(id); w.reading.push(x.reading); w.kg.push(tons(x.kg)); w.at.push(iso(x.at)); w.scale.push(x.scale);
        w.operator.push(operatorIds[x.operator]); w.source.push(x.typed ? 'MANUAL' : 'INDICATOR'); w.request.push(`gen-${tk.ref}-${x.reading}`);
      }
      if (tk.priceChangedBy !== null) {
        pr.ticket.push(id); pr.no.push(`GENBD${tk.ref}`); pr.at.push(iso(tk.completedAt + 5 * MIN)); pr.by.push(operatorIds[tk.priceChangedBy]);
        pr.name.push(`gen-op${seed}-${tk.priceChangedBy + 1}`);
      }
      const s2 = tk.weighings[1];
      sc.ticket.push(id); sc.scale.push(s2.scale); sc.dwell.push(s2.dwellSeconds); sc.readings.push(JSON.stringify(s2.readings.map((r) => [r.at, r.kg])));
      sc.queued.push(iso(tk.completedAt)); sc.scanned.push(tk.completedAt >= waitingFrom ? null : iso(tk.completedAt));
      if (tk.deductKg > 0) { d.ticket.push(id); d.kg.push(tons(tk.deductKg)); d.at.push(iso(tk.completedAt)); d.by.push(operatorIds[tk.weighings[1].operator]); }
      if (tk.intervention) {
        const x = tk.weighings[0];
        iv.ticket.push(id); iv.scale.push(x.scale); iv.credential.push(credentialOf.get(x.scale) as string); iv.plate.push(h.trucks[tk.truck].plate);
        iv.kg.push(tons(x.kg)); iv.state.push(tk.intervention.approved ? 'USED' : 'FORBIDDEN'); iv.by.push(remoteIds[tk.intervention.by]);
        iv.name.push(h.remoteNames[tk.intervention.by]); iv.at.push(iso(x.at - 30_000)); iv.request.push(`gen-${tk.ref}-iv`);
      }
    }
    await c.query(
      `INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, scale_id, operator_id, source, request_id, identified_by, created_at)
       SELECT $1, ticket::bigint, reading, kg::numeric, true, at::timestamptz, scale, scale, operator::bigint, source, request, 'REGISTRY', at::timestamptz
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS x(ticket, reading, kg, at, scale, operator, source, request)`,
      [orgId, w.ticket, w.reading, w.kg, w.at, w.scale, w.operator, w.source, w.request]);
    if (d.ticket.length) {
      await c.query(
        `INSERT INTO wb_ticket_deduction (org_id, ticket_id, kind, mode, value, amount, created_at, created_by)
         SELECT $1, ticket::bigint, 'IMPURITY', 'AMOUNT', kg::numeric, kg::numeric, at::timestamptz, by::bigint FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS x(ticket, kg, at, by)`,
        [orgId, d.ticket, d.kg, d.at, d.by]);
    }
    if (pr.ticket.length) {
      await c.query(
        `INSERT INTO sys_log (org_id, user_id, username, action, detail, created_at)
         SELECT $1, by::bigint, name, 'modifyPrice', '磅单 ' || no || ' 改价为 55', at::timestamptz FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS x(no, at, by, name)`,
        [orgId, pr.no, pr.at, pr.by, pr.name]);
    }
    if (scanTable.present) {
      await c.query(
        `INSERT INTO wb_alert_scan (org_id, ticket_id, queued_at, scanned_at, scale_id, dwell_seconds, readings)
         SELECT $1, ticket::bigint, queued::timestamptz, scanned::timestamptz, scale, dwell, readings::jsonb
           FROM unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[]) AS x(ticket, scale, dwell, readings, queued, scanned)`,
        [orgId, sc.ticket, sc.scale, sc.dwell, sc.readings, sc.queued, sc.scanned]);
    }
    if (iv.ticket.length) {
      await c.query(
        `INSERT INTO wb_lane_intervention (org_id, credential_id, scale_id, station_name, request_id, reason, message, plate_number, weight, unit, state,
                                           answered_by, answered_by_name, answered_at, ticket_id, created_at)
         SELECT $1, credential::bigint, scale, scale || '无人值守', request, 'tare-deviation', '皮重与历史皮重偏差较大', plate, kg::numeric, 't', state,
                by::bigint, name, at::timestamptz + interval '20 seconds', ticket::bigint, at::timestamptz
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
                AS x(ticket, scale, credential, plate, kg, state, by, name, at, request)`,
        [orgId, iv.ticket, iv.scale, iv.credential, iv.plate, iv.kg, iv.state, iv.by, iv.name, iv.at, iv.request]);
    }
  }
  return { ticketIds, operatorIds, remoteIds, vehicleIds };
}

/** An alert as the engine raised it (wb_alert's columns the measure needs). */
export interface RaisedAlert {
  rule: string;
  ticket_id: string | null;
  plate: string | null;
  operator_id: string | null;
  evidence: Record<string, unknown>;
}

export interface Recall {
  /** per rule: injected cases, how many an alert of the rule caught, the share, and the refs missed */
  perRule: Record<string, { cases: number; caught: number; recall: number; missed: string[] }>;
  /** the clean trucks an alert names (its plate, or a plate or ticket of its evidence), by rule */
  cleanTrucks: number;
  cleanAlerted: string[];
  cleanShare: number;
  cleanByRule: Record<string, number>;
}

const evidenceTickets = (a: RaisedAlert): string[] => {
  const e = a.evidence ?? {};
  const list = (e.ticketIds ?? e.tickets ?? []) as unknown[];
  return [...(a.ticket_id ? [String(a.ticket_id)] : []), ...list.map(String)];
};
const evidencePlates = (a: RaisedAlert): string[] => [...(a.plate ? [a.plate] : []), ...(((a.evidence ?? {}).plates ?? []) as string[])];

/** Recall per rule of the injected cases and the clean trucks alerted, from the alerts of the company. */
export function measureRecall(h: FraudHistory, w: Written, alerts: readonly RaisedAlert[]): Recall {
  const perRule: Recall['perRule'] = {};
  const byRule = (rule: string) => alerts.filter((a) => a.rule === rule);
  for (const rule of FRAUD_RULES) {
    const mine = byRule(rule);
    let cases: { key: string; caught: boolean }[];
    if (rule === 'SAME_WEIGHT') {
      cases = h.truth.sameWeightGroups.map((g) => {
        const ids = g.map((ref) => w.ticketIds.get(ref) as string);
        return { key: g.join('+'), caught: mine.some((a) => { const t = evidenceTickets(a); return ids.every((id) => t.includes(id)); }) };
      });
    } else if (rule === 'OPERATOR_OUTLIER') {
      cases = (Object.entries(h.truth.operators) as [OperatorWhat, number[]][]).flatMap(([what, ops]) => ops.map((op) => {
        const user = (what === 'APPROVAL' ? w.remoteIds : w.operatorIds)[op];
        return { key: `${what}:${user}`, caught: mine.some((a) => String(a.operator_id) === user && evidenceWhat(a) === what) };
      }));
    } else {
      cases = (h.truth.tickets[rule] ?? []).map((ref) => {
        const id = w.ticketIds.get(ref) as string;
        return { key: ref, caught: mine.some((a) => evidenceTickets(a).includes(id)) };
      });
    }
    const caught = cases.filter((c) => c.caught).length;
    perRule[rule] = { cases: cases.length, caught, recall: cases.length ? caught / cases.length : 1, missed: cases.filter((c) => !c.caught).map((c) => c.key) };
  }
  const clean = new Set(h.truth.cleanPlates);
  const plateOfTicket = new Map(h.tickets.map((t) => [w.ticketIds.get(t.ref) as string, h.trucks[t.truck].plate]));
  const alerted = new Set<string>();
  const cleanByRule: Record<string, number> = {};
  for (const a of alerts) {
    const plates = new Set([...evidencePlates(a), ...evidenceTickets(a).map((id) => plateOfTicket.get(id)).filter((p): p is string => !!p)]);
    const hit = [...plates].filter((p) => clean.has(p));
    hit.forEach((p) => alerted.add(p));
    if (hit.length) cleanByRule[a.rule] = (cleanByRule[a.rule] ?? 0) + 1;
  }
  return { perRule, cleanTrucks: clean.size, cleanAlerted: [...alerted].sort(), cleanShare: clean.size ? alerted.size / clean.size : 0, cleanByRule };
}

/**
 * Which of an operator's habits an OPERATOR_OUTLIER alert is about: its evidence's `what` (a key, or
 * the zh-CN words the rule's message uses).
 */
function evidenceWhat(a: RaisedAlert): OperatorWhat | null {
  const what = String((a.evidence ?? {}).what ?? (a.evidence ?? {}).kind ?? '');
  // the narrower words first: 手工扣重 and 手工改价 are not typed weights
  const keys: [OperatorWhat, RegExp][] = [['DEDUCTION', /DEDUCT|扣/i], ['PRICE', /PRICE|价/i], ['APPROVAL', /APPROV|INTERVENTION|审批|放行|干预/i], ['TYPED', /TYPED|MANUAL|手工|录入/i]];
  return keys.find(([, re]) => re.test(what))?.[0] ?? null;
}
