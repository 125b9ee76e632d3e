import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { readWeighParams, type WeighingBody, type WeighParams } from '@wb/protocol';
import { controlledProductSql, type ControlledProductRow } from '../licence/repo';
import { type LockedLine, lockedLineOf, lockLineSql } from '../notice/quantity';
import { lockedLinePriceSql, type PricedTicket, type PriceFacts, priceFactsOf, priceFactsSql } from '../price/completion';
import type { EventType } from '../../platform/events/catalogue';
import { subscriptionExistsSql } from '../../platform/events/emit';
import type { Deduction, DeductionKind } from './rules/net';
import type { MaterialFacts, ReadingHistory, VehicleFacts } from './rules/snapshot';
import type { Side } from './rules/kinds';
import type { Tx } from './repo';
import { MANUAL_WEIGHING_PERMISSION } from '../station/weigh-source';
import { siloAtCompletionSql, siloBatchSql } from '../batch/repo';
import type { SiloAtCompletion } from '../batch/rules';
import { roundWeight, toTons } from './rules/units';

/**
 * Everything a weighing decision reads, in one round trip (a 2-core plant server spends its time
 * on round trips, not on these lookups): the company's parameters, the material's flags, the
 * vehicle's tares, the truck's last reading, the vehicle's open
 * ticket, and for a ticket its deductions, whether it was returned, and its notice line, locked
 * through quantity.ts (the line's row lock is what keeps two trucks from passing its ceiling;
 * the completion moves the quantities read here, under that lock).
 */
export interface WeighingFacts {
  params: WeighParams;
  material: MaterialFacts & { found: boolean; code: string | null; batchManaged: boolean };
  vehicleId: string | null;
  vehicle: VehicleFacts;
  history: ReadingHistory;
  openTicket: { id: string; ticketNo: string } | null;
  deductions: Deduction[];
  returned: boolean;
  line: LockedLine | null;
  /** what the price chain reads of the ticket (domain/price/completion.ts) */
  price: PriceFacts | null;
  /** the material's controlled product (domain/licence: a sale of it draws its grant down), null when not controlled or not asked */
  controlled: ControlledProductRow | null;
  /** whether the weigher holds the manual-weighing right, when asked (a typed weight); null when not asked */
  manualRight: boolean | null;
  /** whether an enabled subscription of the company hears the event asked about (platform/events); null when not asked */
  subscribed: boolean | null;
  /** the same for the upload's event asked about (uploadTo); null when not asked */
  uploadSubscribed: boolean | null;
  /** the same-weight readings of the query asked (`sameWeight`), null when not asked: sameWeightOf decides whether they answer the weighing */
  sameWeight: ReadingHistory['recentReadings'] | null;
  /** the silo the completing sales ticket names with its current batch (domain/batch), when asked (`siloOf`) */
  silo: SiloAtCompletion | null;
}

export interface FactsRequest {
  orgId: string;
  plate: string;
  materialId: string | null;
  at: Date;
  ticketId: string | null;
  lineId: string | null;
  /** read the price chain's facts of this ticket, as the call holds its row (a completing ticket of a priced kind) */
  price?: PricedTicket | null;
  /** read the material's controlled product (a completing sales ticket: only a sale draws a grant down) */
  controlled?: boolean;
  /** read whether this user holds the manual-weighing right (a typed weight: station/source-rules.ts) */
  manualRightOf?: string | null;
  /** ask whether anyone subscribes to this event type (the completion then carries the event's expressions) */
  subscribedTo?: EventType | null;
  /** ask the same of an upload's event (domain/uploads: the purchase family's SAP upload), so its check costs no round trip */
  uploadTo?: EventType | null;
  /** read the same-weight readings of this query along (sameWeightGuess) */
  sameWeight?: SameWeightAsk | null;
  /** read this silo's current batch, locked FOR SHARE, for a batch-managed material (a completing sales ticket with no batch chosen) */
  siloOf?: string | null;
}


const KIND_FROM_DB: Record<string, DeductionKind> = {
  WATER: 'water', IMPURITY: 'impurity', DETRITUS: 'detritus', STONE: 'stone', OTHER: 'other', QUALITY: 'quality', HIDDEN: 'hidden',
};
const dec = (v: string | number | null | undefined) => (v === null || v === undefined ? null : new Decimal(v));

export async function weighingFacts(tx: Tx, r: FactsRequest): Promise<WeighingFacts> {
  const { rows } = await sql<Record<string, unknown>>`
    WITH line AS (${lockLineSql(r.orgId, r.lineId)})${r.siloOf ? sql`, silo_batch AS (${siloBatchSql(r.orgId, r.siloOf, r.materialId)})` : sql``}
    SELECT
      (SELECT coalesce(json_object_agg(param_key, param_value), '{}') FROM sys_param WHERE org_id = ${r.orgId}) AS params,
      (SELECT row_to_json(x) FROM (SELECT m.overload, m.pnmary, m.scene_confirm, m.hidden_deduct::text, m.min_net::text, m.inv_code, m.batch_managed FROM md_material_alloc a
         JOIN md_material m ON m.id = a.archive_id WHERE a.org_id = ${r.orgId} AND a.archive_id = ${r.materialId}::bigint) x) AS material,
      (SELECT row_to_json(x) FROM (SELECT id::text, last_tare::text, average_tare::text, standard_tare::text, tare_time, tare_count, capacity_tonnage::text, axle_type
         FROM md_vehicle WHERE org_id = ${r.orgId} AND plate_number = ${r.plate}) x) AS vehicle,
      (SELECT row_to_json(x) FROM (SELECT w.reading, w.weight::text, w.weighed_at, t.first_is, t.id = ${r.ticketId}::bigint AS same_ticket FROM wb_ticket t JOIN wb_weighing w ON w.ticket_id = t.id
         WHERE t.org_id = ${r.orgId} AND t.plate_number = ${r.plate} AND t.state <> 'OBSOLETE' ORDER BY w.weighed_at DESC LIMIT 1) x) AS previous,
      (SELECT row_to_json(x) FROM (SELECT id::text, ticket_no FROM wb_ticket WHERE org_id = ${r.orgId} AND plate_number = ${r.plate}
         AND state IN ('FIRST_WEIGHED', 'CONFIRMED') LIMIT 1) x) AS open_ticket,
      (SELECT coalesce(json_agg(x ORDER BY x.kind), '[]') FROM (SELECT kind, mode, value::text FROM wb_ticket_deduction
         WHERE ticket_id = ${r.ticketId}::bigint AND kind <> 'HIDDEN') x) AS deductions,
      EXISTS (SELECT 1 FROM wb_ticket WHERE org_id = ${r.orgId} AND source_ticket_id = ${r.ticketId}::bigint AND state <> 'OBSOLETE') AS returned,
      (SELECT row_to_json(line) FROM line) AS line,
      ${r.price ? sql`(SELECT row_to_json(x) FROM (${pricedFrom(r, r.price)}) x)` : sql`NULL`} AS price,
      ${r.controlled ? sql`(SELECT row_to_json(x) FROM (${controlledProductSql(r.orgId, r.materialId)}) x)` : sql`NULL`} AS controlled,
      ${r.manualRightOf ? manualRightSql(r.orgId, r.manualRightOf) : sql`NULL`} AS manual_right,
      ${r.subscribedTo ? subscriptionExistsSql(r.orgId, r.subscribedTo) : sql`NULL`} AS subscribed,
      ${r.uploadTo ? subscriptionExistsSql(r.orgId, r.uploadTo) : sql`NULL`} AS upload_subscribed,
      ${r.siloOf ? siloAtCompletionSql(r.orgId, r.siloOf) : sql`NULL`} AS silo,
      ${r.sameWeight ? sql`(SELECT coalesce(json_agg(x ORDER BY x.weighed_at DESC), '[]') FROM (${sameWeightSql(r.orgId, r.sameWeight.weight, r.at, r.sameWeight.minutes)}) x)` : sql`NULL`} AS same_weight`.execute(tx);
  const facts = readFacts(rows[0] as Record<string, never>, r.plate, r.price ?? null);
  rememberParams(r.orgId, facts.params);
  return facts;
}

/** The price chain's facts: off the line the statement locks when the ticket's line is that one (read once), else their own fragment. */
const pricedFrom = (r: FactsRequest, ticket: PricedTicket) =>
  (ticket.notice_line_id !== null && ticket.notice_line_id === r.lineId ? lockedLinePriceSql('line') : priceFactsSql(r.orgId, ticket, r.at));

/** The guard's rule (platform/auth/permissions.ts hasPermission) for the manual-weighing right, as a column of the facts' statement. */
const manualRightSql = (orgId: string, userId: string) => sql`EXISTS (
  SELECT 1 FROM sys_user_org_role r JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled JOIN sys_role_menu rm ON rm.role_id = r.role_id
    JOIN sys_menu mn ON mn.id = rm.menu_id WHERE r.user_id = ${userId} AND r.org_id = ${orgId} AND mn.permission = ${MANUAL_WEIGHING_PERMISSION})`;

type Json = Record<string, string | number | boolean | null>;

function readFacts(row: Record<string, unknown>, plate: string, priced: PricedTicket | null): WeighingFacts {
  const m = row.material as Json | null;
  const v = row.vehicle as Json | null;
  const prev = row.previous as Json | null;
  const line = row.line as Json | null;
  const open = row.open_ticket as Json | null;
  return {
    params: readWeighParams(row.params as Record<string, string>),
    material: m
      ? {
        overload: m.overload as boolean, pnmary: m.pnmary as MaterialFacts['pnmary'], sceneConfirm: m.scene_confirm as boolean, hiddenDeduct: new Decimal(m.hidden_deduct as string),
        minNet: dec(m.min_net as string | null), found: true, code: (m.inv_code as string | null) ?? null, batchManaged: m.batch_managed === true,
      }
      : { overload: false, pnmary: null, sceneConfirm: false, hiddenDeduct: new Decimal(0), minNet: null, found: false, code: null, batchManaged: false },
    vehicleId: (v?.id as string) ?? null,
    vehicle: {
      plate, lastTare: dec(v?.last_tare as string), averageTare: dec(v?.average_tare as string), standardTare: dec(v?.standard_tare as string),
      tareTime: v?.tare_time ? new Date(v.tare_time as string) : null, tareCount: (v?.tare_count as number) ?? 0,
      capacityTonnage: dec(v?.capacity_tonnage as string), axles: (v?.axle_type as number) ?? null,
    },
    history: {
      previousReading: prev
        ? { side: readingSide(prev.first_is as string, prev.reading as string), weight: new Decimal(prev.weight as string), at: new Date(prev.weighed_at as string), sameTicket: prev.same_ticket === true }
        : null,
      recentReadings: [],
    },
    openTicket: open ? { id: open.id as string, ticketNo: open.ticket_no as string } : null,
    deductions: (row.deductions as Json[]).map((d) => {
      const kind = KIND_FROM_DB[d.kind as string] as DeductionKind;
      return d.mode === 'RATE' ? { kind, rate: new Decimal(d.value as string) } : { kind, amount: new Decimal(d.value as string) };
    }),
    returned: row.returned as boolean,
    line: line ? lockedLineOf(line) : null,
    price: priced ? priceFactsOf(priced, row.price as Record<string, unknown> | null) : null,
    controlled: (row.controlled as ControlledProductRow | null) ?? null,
    manualRight: (row.manual_right as boolean | null) ?? null,
    subscribed: (row.subscribed as boolean | null) ?? null,
    uploadSubscribed: (row.upload_subscribed as boolean | null) ?? null,
    silo: siloOf(row.silo as Json | null),
    sameWeight: Array.isArray(row.same_weight)
      ? (row.same_weight as Json[]).map((x) => ({ plate: x.plate_number as string, weight: new Decimal(x.weight as string), at: new Date(x.weighed_at as string) }))
      : null,
  };
}

function siloOf(s: Json | null): SiloAtCompletion | null {
  if (!s) return null;
  const b = s.batch as unknown as Json | null;
  return {
    siloName: s.silo_name as string,
    batch: b ? { id: b.id as string, batchNo: b.batch_no as string, enabled: b.enabled as boolean, closed: b.closed as boolean, materialCode: (b.material_code as string | null) ?? null } : null,
  };
}

const readingSide = (firstIs: string, reading: string): Side => ((firstIs === 'GROSS') === (reading === 'FIRST') ? 'gross' : 'tare');

/** Readings of exactly this weight (tons, as recorded) at the company's scales in the window of `minutes` before `at`, newest first, five at most. */
const sameWeightSql = (orgId: string, weight: Decimal, at: Date, minutes: number) => sql`
  SELECT t.plate_number, w.weight::text AS weight, w.weighed_at FROM wb_weighing w JOIN wb_ticket t ON t.id = w.ticket_id
   WHERE w.org_id = ${orgId} AND w.weight = ${weight.toFixed()}::numeric AND w.weighed_at >= ${new Date(at.getTime() - minutes * 60_000)}::timestamptz
     AND w.weighed_at <= ${at}::timestamptz
   ORDER BY w.weighed_at DESC LIMIT 5`;

/**
 * Readings of exactly this weight at the company's scales in the same-weight window, asked apart:
 * the reading is in tons, and rounded as recorded, only once the parameters gave the unit.
 */
export async function sameWeightReadings(tx: Tx, orgId: string, weight: Decimal, at: Date, minutes: number): Promise<ReadingHistory['recentReadings']> {
  const { rows } = await sql<{ plate_number: string; weight: string; weighed_at: Date }>`${sameWeightSql(orgId, weight, at, minutes)}`.execute(tx);
  return rows.map((x) => ({ plate: x.plate_number, weight: new Decimal(x.weight), at: x.weighed_at }));
}

/** The same-weight query a weighing asks its facts' statement to carry: the weight as recorded (tons) and the window. */
export interface SameWeightAsk { weight: Decimal; minutes: number }

// the weighing parameters each company had when this process last read them: only ever a guess, checked against what the facts read
const paramsSeen = new Map<string, WeighParams>();
const PARAMS_REMEMBERED = 1000;

function rememberParams(orgId: string, params: WeighParams): void {
  if (!paramsSeen.has(orgId) && paramsSeen.size >= PARAMS_REMEMBERED) paramsSeen.clear();
  paramsSeen.set(orgId, params);
}

/**
 * The same-weight query a weighed figure will need, told before the parameters are read, so that
 * its readings ride in the facts' statement instead of a round trip of their own: it is built
 * with the parameters this process last read for the company. Null (nothing carried) for a stored
 * tare, when the check was off, or before the company's first weighing here.
 */
export function sameWeightGuess(orgId: string, body: Pick<WeighingBody, 'tare' | 'weight'>): SameWeightAsk | null {
  const params = paramsSeen.get(orgId);
  if (!params || params.sameWeightCheck === 'none' || body.tare !== 'weigh' || body.weight === undefined) return null;
  return { weight: roundWeight(toTons(new Decimal(body.weight), params.weightUnit), params), minutes: params.sameWeightMinutes };
}

/**
 * The same-weight readings of a weighed figure (`tons`, as sent) under the parameters the facts
 * read: those the facts' statement carried when its query was exactly this one (the same weight as
 * recorded, the same window), else asked apart. A guess from parameters changed since is only a
 * wasted probe, never a wrong answer.
 */
export async function sameWeightOf(tx: Tx, orgId: string, facts: Pick<WeighingFacts, 'params' | 'sameWeight'>, asked: SameWeightAsk | null | undefined, tons: Decimal, at: Date): Promise<ReadingHistory['recentReadings']> {
  const weight = roundWeight(tons, facts.params);
  const minutes = facts.params.sameWeightMinutes;
  if (asked && facts.sameWeight && asked.weight.eq(weight) && asked.minutes === minutes) return facts.sameWeight;
  return sameWeightReadings(tx, orgId, weight, at, minutes);
}
