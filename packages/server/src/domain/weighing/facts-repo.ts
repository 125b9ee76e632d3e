import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { readWeighParams, type WeighParams } from '@wb/protocol';
import { controlledProductSql, type ControlledProductRow } from '../licence/repo';
import { type LockedLine, lockedLineOf, lockLineSql } from '../notice/quantity';
import { type PricedTicket, type PriceFacts, priceFactsOf, priceFactsSql } from '../price/completion';
import type { Deduction, DeductionKind } from './rules/net';
import type { MaterialFacts, ReadingHistory, VehicleFacts } from './rules/snapshot';
import type { Side } from './rules/kinds';
import type { Tx } from './repo';
import { MANUAL_WEIGHING_PERMISSION } from '../station/weigh-source';

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
  material: MaterialFacts & { found: boolean };
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
}


const KIND_FROM_DB: Record<string, DeductionKind> = {
  WATER: 'water', IMPURITY: 'impurity', DETRITUS: 'detritus', STONE: 'stone', OTHER: 'other', QUALITY: 'quality', HIDDEN: 'hidden',
};
const dec = (v: string | number | null | undefined) => (v === null || v === undefined ? null : new Decimal(v));

export async function weighingFacts(tx: Tx, r: FactsRequest): Promise<WeighingFacts> {
  const { rows } = await sql<Record<string, unknown>>`
    WITH line AS (${lockLineSql(r.orgId, r.lineId)})
    SELECT
      (SELECT coalesce(json_object_agg(param_key, param_value), '{}') FROM sys_param WHERE org_id = ${r.orgId}) AS params,
      (SELECT row_to_json(x) FROM (SELECT m.overload, m.pnmary, m.scene_confirm, m.hidden_deduct::text, m.min_net::text FROM md_material_alloc a
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
      ${r.price ? sql`(SELECT row_to_json(x) FROM (${priceFactsSql(r.orgId, r.price, r.at)}) x)` : sql`NULL`} AS price,
      ${r.controlled ? sql`(SELECT row_to_json(x) FROM (${controlledProductSql(r.orgId, r.materialId)}) x)` : sql`NULL`} AS controlled,
      ${r.manualRightOf ? manualRightSql(r.orgId, r.manualRightOf) : sql`NULL`} AS manual_right`.execute(tx);
  return readFacts(rows[0] as Record<string, never>, r.plate, r.price ?? null);
}

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
        minNet: dec(m.min_net as string | null), found: true,
      }
      : { overload: false, pnmary: null, sceneConfirm: false, hiddenDeduct: new Decimal(0), minNet: null, found: false },
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
  };
}

const readingSide = (firstIs: string, reading: string): Side => ((firstIs === 'GROSS') === (reading === 'FIRST') ? 'gross' : 'tare');

/**
 * Readings of exactly this weight at the company's scales in the same-weight window. Asked apart,
 * and only when the check is on: the reading is in tons only once the parameters gave the unit.
 */
export async function sameWeightReadings(tx: Tx, orgId: string, weight: Decimal, at: Date, minutes: number): Promise<ReadingHistory['recentReadings']> {
  const rows = await tx.selectFrom('wb_weighing as w').innerJoin('wb_ticket as t', 't.id', 'w.ticket_id').select(['t.plate_number', 'w.weight', 'w.weighed_at'])
    .where('w.org_id', '=', orgId).where('w.weight', '=', weight.toFixed()).where('w.weighed_at', '>=', new Date(at.getTime() - minutes * 60_000))
    .where('w.weighed_at', '<=', at).orderBy('w.weighed_at', 'desc').limit(5).execute();
  return rows.map((x) => ({ plate: x.plate_number, weight: new Decimal(x.weight), at: x.weighed_at }));
}
