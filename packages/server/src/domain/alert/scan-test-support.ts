import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { Plant } from '../weighing/test-support';

/**
 * Histories for the alert rules' tests, written straight into the tables (the weighing has its own
 * tests; a real weighing through the calls is in scan.test.ts): a completed ticket with its two
 * weighings at the times and on the scales given. Times are the plant's wall clock
 * ('2026-11-20 08:30') or instants.
 */
export interface HistoryTicket {
  plate: string;
  kind?: 'pu' | 'sa';
  /** tons */
  gross: string;
  tare: string;
  completedAt: string | Date;
  /** the first weighing this many minutes before the completion (default 20) */
  minutesOnSite?: number;
  tareSource?: 'WEIGHED' | 'STANDARD';
  materialId?: string | null;
  firstScale?: string;
  secondScale?: string;
  operatorId?: string | null;
  /** the second weighing's figure typed by hand */
  typed?: boolean;
  state?: 'COMPLETED' | 'OBSOLETE';
  vehicleId?: string | null;
}

let serial = 0;

export async function historyTicket(db: Database, p: Plant, o: HistoryTicket): Promise<string> {
  const kind = o.kind ?? 'pu';
  const no = `AL${Date.now().toString(36)}${(serial++).toString().padStart(5, '0')}`;
  const net = (Number(o.gross) - Number(o.tare)).toFixed(4);
  const at = typeof o.completedAt === 'string' ? o.completedAt : o.completedAt.toISOString();
  const before = `${o.minutesOnSite ?? 20} minutes`;
  const { rows: [t] } = await sql<{ id: string }>`
    INSERT INTO wb_ticket (org_id, kind, ticket_no, state, plate_number, first_is, gross, gross_time, tare, tare_time, tare_source, net,
                           completed_at, material_id, vendor_id, customer_id, vehicle_id, created_at)
    SELECT ${p.orgId}::bigint, ${kind}, ${no}, ${o.state ?? 'COMPLETED'}, ${o.plate}, ${kind === 'pu' ? 'GROSS' : 'TARE'},
           ${o.gross}::numeric, c - CASE WHEN ${kind} = 'pu' THEN ${before}::interval ELSE interval '0' END,
           ${o.tare}::numeric, c - CASE WHEN ${kind} = 'pu' THEN interval '0' ELSE ${before}::interval END,
           ${o.tareSource ?? 'WEIGHED'}, ${net}::numeric, c, ${o.materialId === undefined ? p.materialId : o.materialId}::bigint,
           ${kind === 'pu' ? p.vendorId : null}::bigint, ${kind === 'sa' ? p.customerId : null}::bigint, ${o.vehicleId ?? null}::bigint,
           c - ${before}::interval
      FROM (SELECT ${at}::timestamptz AS c) x
    RETURNING id::text`.execute(db);
  const first = kind === 'pu' ? o.gross : o.tare;
  const second = kind === 'pu' ? o.tare : o.gross;
  await sql`
    INSERT INTO wb_weighing (org_id, ticket_id, reading, weight, stable, weighed_at, station, request_id, identified_by, operator_id, source, scale_id)
    SELECT ${p.orgId}::bigint, ${t.id}::bigint, r.reading, r.weight::numeric, true, ${at}::timestamptz - r.before::interval,
           coalesce(r.scale, 'DESK'), ${no} || r.reading, 'REGISTRY', ${o.operatorId ?? null}::bigint, r.source, r.scale
      FROM (VALUES ('FIRST', ${first}, ${before}, ${o.firstScale ?? null}::text, 'INDICATOR'),
                   ('SECOND', ${second}, '0 minutes', ${o.secondScale ?? null}::text, ${o.typed ? 'MANUAL' : 'INDICATOR'})) r(reading, weight, before, scale, source)`.execute(db);
  return t.id;
}

/** A truck's past tickets: one a day before `until`, with these tares and the gross `tare + net`. */
export async function truckHistory(db: Database, p: Plant, plate: string, until: Date, loads: { tare: string; net: string }[], kind: 'pu' | 'sa' = 'pu'): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, l] of loads.entries()) {
    const at = new Date(until.getTime() - (loads.length - i) * 86_400_000);
    ids.push(await historyTicket(db, p, { plate, kind, tare: l.tare, gross: (Number(l.tare) + Number(l.net)).toFixed(3), completedAt: at }));
  }
  return ids;
}
