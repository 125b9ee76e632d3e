import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/**
 * What the per-weighing rules read of completed tickets and their histories, in one statement per
 * batch of tickets. Every history read is an index probe with a limit: a truck's last tickets by
 * wb_ticket_vehicle_idx (org, plate, created_at DESC; a ticket is made at its first weighing, so
 * that order is the order of its weighings), a lane's last times on the scale by
 * wb_alert_scan_dwell_idx, the scale's readings by the board's key.
 */

export interface TicketFacts {
  id: string; ticketNo: string; kind: string; plate: string; state: string;
  /** made from another ticket (a return, a split's part): its figures are that ticket's weighing's, not a weighing of its own */
  derived: boolean;
  grossKg: number; tareKg: number; netKg: number; tareWeighed: boolean;
  completedAt: Date; firstAt: Date | null; secondAt: Date | null;
  /** minutes of the plant's day (the session's zone is PLANT_TIME_ZONE, platform/db/pool.ts) */
  completedMinute: number; firstMinute: number | null;
  materialId: string | null; vendorId: string | null; customerId: string | null;
  operatorId: string | null;
  /** where each weighing took place (its scale, or the desk's station where no scale gave the figure), and the second's scale */
  firstPlace: string | null; secondPlace: string | null; secondScale: string | null; secondWeightKg: number | null;
  /** the vehicle master's rated load (核定载质量) and curb weight, tons as kg; axles for the legal limit */
  capacityKg: number | null; standardTareKg: number | null; axles: number | null;
  /** the truck's weighed tares and its nets of this material, newest first, this ticket left out */
  pastTaresKg: number[]; pastNetsKg: number[];
  /** the truck's completion before this one */
  lastCompletedAt: Date | null;
  /** the scale's usual seconds loaded before a weighing: its last scanned weighings (scan.ts fills them from the batch's LaneHistory) */
  laneSeconds: number[];
  /** the second weighing's scale's recent readings as the board has them, and their unit */
  trend: [number, string][] | null; trendUnit: string | null;
  /** what an earlier scan kept of the readings (wb_alert_scan), which the board no longer has */
  storedReadings: [number, number][] | null; storedDwell: number | null;
  /** the first weighing's: its figure, its scale's readings on the board, and what a scan after it kept */
  firstWeightKg: number | null; firstTrend: [number, string][] | null; firstTrendUnit: string | null; storedFirstReadings: [number, number][] | null;
}

const kgOf = (tons: string | null) => (tons === null ? null : Math.round(Number(tons) * 1000));

/**
 * How many of a truck's past tickets are read to find its last N weighed tares and N nets of a material:
 * twice the larger N (a truck hauling two materials alike still shows its N of each), at least this many.
 * Every ticket read is a heap fetch, per ticket scanned: reading 100 of them cost a third of the scan.
 */
const TRUCK_TICKETS_LEAST = 10;
export const truckTicketsRead = (o: { lastTares: number; lastNets: number }) =>
  Math.max(TRUCK_TICKETS_LEAST, 2 * Math.max(o.lastTares, o.lastNets));

export type FirstWeighingFacts = Pick<TicketFacts, 'state' | 'firstAt' | 'firstWeightKg' | 'firstTrend' | 'firstTrendUnit' | 'storedFirstReadings'>;

export type ScanFacts = (TicketFacts & { completed: true }) | (FirstWeighingFacts & { completed: false });

/** A lane's last scanned times on the scale, newest first: the ticket each was kept with, and its seconds. */
export interface LaneHistory { ticketIds: string[]; seconds: number[] }

/**
 * The facts of a batch of the company's tickets in one statement, by id (a ticket the company does
 * not have is absent), and each second weighing's scale's last scanned times on the scale, read
 * once per scale for the batch: `lastLane` plus the batch's size of them, so that the caller can
 * leave out the batch's own tickets and still have `lastLane` (scan.ts laneOf).
 */
export async function ticketFacts(
  db: Database, orgId: string, ticketIds: readonly string[], o: { lastTares: number; lastNets: number; lastLane: number },
): Promise<{ facts: Map<string, ScanFacts>; lanes: Map<string, LaneHistory> }> {
  const facts = new Map<string, ScanFacts>();
  const lanes = new Map<string, LaneHistory>();
  if (ticketIds.length === 0) return { facts, lanes };
  const { rows } = await sql<Record<string, any>>`
    WITH t AS (
      -- the columns read below, not the whole row (the CTE is kept in memory for its two readers)
      SELECT t.id, t.org_id, t.ticket_no, t.kind, t.plate_number, t.state, t.gross, t.tare, t.net, t.tare_source, t.completed_at, t.created_at,
             t.source_ticket_id, t.split_from_id, t.material_id, t.vendor_id, t.customer_id, t.vehicle_id
        FROM wb_ticket t WHERE t.org_id = ${orgId}::bigint AND t.id = ANY (${ticketIds as string[]}::bigint[])
    ), w AS (
      SELECT w.ticket_id, w.reading, w.scale_id, coalesce(w.scale_id, w.station) AS place, w.operator_id, w.weighed_at, w.weight
        FROM wb_weighing w JOIN t ON w.org_id = t.org_id AND w.ticket_id = t.id
    ), lane AS (
      -- each second weighing's scale's last scanned times on the scale, once per scale (wb_alert_scan_dwell_idx)
      SELECT sc.scale_id, array_agg(a.ticket_id::text ORDER BY a.scanned_at DESC, a.ticket_id DESC) AS ids,
             array_agg(a.dwell_seconds ORDER BY a.scanned_at DESC, a.ticket_id DESC) AS secs
        FROM (SELECT DISTINCT scale_id FROM w WHERE reading = 'SECOND' AND scale_id IS NOT NULL) sc, LATERAL (
          SELECT a.ticket_id, a.dwell_seconds, a.scanned_at FROM wb_alert_scan a
           WHERE a.org_id = ${orgId}::bigint AND a.scale_id = sc.scale_id AND a.dwell_seconds IS NOT NULL AND a.scanned_at IS NOT NULL
           ORDER BY a.scanned_at DESC LIMIT ${o.lastLane + ticketIds.length}) a
       GROUP BY sc.scale_id
    )
    SELECT t.id::text, t.ticket_no, t.kind, t.plate_number, t.state, t.gross::text, t.tare::text, t.net::text,
           t.tare_source, t.completed_at,
           (t.source_ticket_id IS NOT NULL OR t.split_from_id IS NOT NULL) AS derived, t.material_id::text, t.vendor_id::text, t.customer_id::text,
           (extract(hour FROM t.completed_at) * 60 + extract(minute FROM t.completed_at))::int AS completed_minute,
           f.weighed_at AS first_at, (extract(hour FROM f.weighed_at) * 60 + extract(minute FROM f.weighed_at))::int AS first_minute,
           f.place AS first_scale, s.place AS second_scale, s.scale_id AS second_scale_id, s.weighed_at AS second_at, s.weight::text AS second_weight,
           coalesce(s.operator_id, f.operator_id)::text AS operator_id,
           v.capacity_tonnage::text AS capacity, v.standard_tare::text AS standard_tare, v.axle_type AS axles,
           coalesce(h.past_tares, '{}') AS past_tares, coalesce(h.past_nets, '{}') AS past_nets, h.last_completed_at,
           lane.ids AS lane_ids, lane.secs AS lane_secs,
           b.trend, b.latest->>'unit' AS trend_unit, sc.readings AS stored_readings, sc.dwell_seconds AS stored_dwell,
           f.weight::text AS first_weight, fb.trend AS first_trend, fb.latest->>'unit' AS first_trend_unit, sc.first_readings AS stored_first_readings
      FROM t
      LEFT JOIN w f ON f.ticket_id = t.id AND f.reading = 'FIRST'
      LEFT JOIN w s ON s.ticket_id = t.id AND s.reading = 'SECOND'
      -- the truck's latest tickets by the vehicle index, this one left out, and those made from another (a
      -- return repeats its original's figures, a split's part holds a share of them: neither is a weighing),
      -- read once: its last weighed tares, its last nets of this material, its completion before this one
      LEFT JOIN LATERAL (
        SELECT (array_agg(p.tare::text ORDER BY p.created_at DESC) FILTER (WHERE p.tare_source = 'WEIGHED'))[1:${o.lastTares}] AS past_tares,
               (array_agg(p.net::text ORDER BY p.created_at DESC) FILTER (WHERE p.material_id IS NOT DISTINCT FROM t.material_id))[1:${o.lastNets}] AS past_nets,
               max(p.completed_at) FILTER (WHERE p.completed_at <= t.completed_at) AS last_completed_at
          FROM (SELECT p.tare, p.tare_source, p.net, p.material_id, p.completed_at, p.created_at
                  FROM wb_ticket p WHERE p.org_id = t.org_id AND p.plate_number = t.plate_number AND p.created_at <= t.created_at
                   AND p.id <> t.id AND p.completed_at IS NOT NULL AND p.state <> 'OBSOLETE' AND p.source_ticket_id IS NULL AND p.split_from_id IS NULL
                 ORDER BY p.created_at DESC LIMIT ${truckTicketsRead(o)}) p) h ON true
      -- the ticket's vehicle, else the master's truck of its plate (each an index probe)
      LEFT JOIN LATERAL (
        SELECT v.capacity_tonnage, v.standard_tare, v.axle_type FROM md_vehicle v
         WHERE v.org_id = t.org_id AND v.id = coalesce(t.vehicle_id,
               (SELECT x.id FROM md_vehicle x WHERE x.org_id = t.org_id AND x.plate_number = t.plate_number ORDER BY x.id LIMIT 1))) v ON true
      LEFT JOIN lane ON lane.scale_id = s.scale_id
      LEFT JOIN wb_alert_scan sc ON sc.org_id = t.org_id AND sc.ticket_id = t.id
      -- the board's readings (a minute of them, JSON) only where no earlier scan kept the weighing's own
      LEFT JOIN wb_scale_latest b ON b.org_id = t.org_id AND b.scale_id = s.scale_id AND sc.readings IS NULL
      LEFT JOIN wb_scale_latest fb ON fb.org_id = t.org_id AND fb.scale_id = f.scale_id AND sc.first_readings IS NULL`.execute(db);
  for (const r of rows) {
    facts.set(r.id, factsOf(r));
    if (r.second_scale_id && r.lane_ids && !lanes.has(r.second_scale_id)) lanes.set(r.second_scale_id, { ticketIds: r.lane_ids, seconds: r.lane_secs });
  }
  return { facts, lanes };
}

function factsOf(r: Record<string, any>): ScanFacts {
  const first = {
    firstAt: r.first_at, firstWeightKg: kgOf(r.first_weight), firstTrend: r.first_trend ?? null, firstTrendUnit: r.first_trend_unit ?? null,
    storedFirstReadings: r.stored_first_readings ?? null,
  };
  // a ticket not completed (at its first weighing): only what its first weighing's readings need
  if (r.completed_at === null || r.gross === null || r.tare === null || r.net === null) return { completed: false, state: r.state, ...first };
  return { completed: true, ...first,
    id: r.id, ticketNo: r.ticket_no, kind: r.kind, plate: r.plate_number, state: r.state, derived: r.derived,
    grossKg: kgOf(r.gross)!, tareKg: kgOf(r.tare)!, netKg: kgOf(r.net)!, tareWeighed: r.tare_source === 'WEIGHED',
    completedAt: r.completed_at, firstAt: r.first_at, secondAt: r.second_at,
    completedMinute: r.completed_minute, firstMinute: r.first_minute,
    materialId: r.material_id, vendorId: r.vendor_id, customerId: r.customer_id, operatorId: r.operator_id,
    firstPlace: r.first_scale, secondPlace: r.second_scale, secondScale: r.second_scale_id ?? null, secondWeightKg: kgOf(r.second_weight),
    capacityKg: kgOf(r.capacity), standardTareKg: kgOf(r.standard_tare), axles: r.axles,
    pastTaresKg: (r.past_tares as string[]).map((x) => kgOf(x)!), pastNetsKg: (r.past_nets as string[]).map((x) => kgOf(x)!),
    lastCompletedAt: r.last_completed_at, laneSeconds: [],
    trend: r.trend ?? null, trendUnit: r.trend_unit ?? null,
    storedReadings: r.stored_readings ?? null, storedDwell: r.stored_dwell ?? null,
  } satisfies TicketFacts & { completed: true };
}
