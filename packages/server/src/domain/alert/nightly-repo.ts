import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { OperatorTally, WeightSeen } from './rules';

/**
 * What the nightly rules read over a window of plant days (the session's zone is PLANT_TIME_ZONE):
 * the weights of the completed tickets (by wb_ticket_completed_cover_idx) and each operator's
 * tallies (typed weights, deductions, price changes, interventions answered), each by its table's
 * index on the company and the time.
 */

export interface Window { from: Date; to: Date }

/** The plant days `days` up to and including `throughDay`: from its first midnight to the midnight after it. */
export async function windowOf(db: Database, throughDay: string, days: number): Promise<Window> {
  const { rows: [r] } = await sql<Window>`
    SELECT (${throughDay}::date - ${days - 1}::int)::timestamptz AS "from", (${throughDay}::date + 1)::timestamptz AS "to"`.execute(db);
  return r;
}

/** The grosses and nets of the completed tickets in the window (and `beforeMs` before it, so a run across its start is seen whole). */
export async function weightsSeen(db: Database, orgId: string, w: Window, beforeMs: number, minKg: number): Promise<{ gross: WeightSeen[]; net: WeightSeen[] }> {
  const { rows } = await sql<{ id: string; plate: string; gross: string; net: string; gross_at: Date; at: Date }>`
    SELECT id::text, plate_number AS plate, gross::text, net::text, coalesce(gross_time, completed_at) AS gross_at, completed_at AS at
      FROM wb_ticket
     WHERE org_id = ${orgId}::bigint AND completed_at >= ${new Date(w.from.getTime() - beforeMs)} AND completed_at < ${w.to}
       AND state <> 'OBSOLETE' AND gross IS NOT NULL AND net IS NOT NULL`.execute(db);
  const kg = (t: string) => Math.round(Number(t) * 1000);
  const of = (pick: (r: (typeof rows)[number]) => { kg: number; at: Date }) =>
    rows.map((r) => ({ ticketId: r.id, plate: r.plate, ...pick(r) })).filter((x) => x.kg >= minKg).map((x) => ({ ...x, at: x.at.getTime() }));
  return { gross: of((r) => ({ kg: kg(r.gross), at: r.gross_at })), net: of((r) => ({ kg: kg(r.net), at: r.at })) };
}

export interface OperatorCount extends OperatorTally { operatorId: string }

/**
 * Per operator in the window: their weighings, and among them those typed by hand; their tickets
 * given a deduction by hand; their price changes (the operation log's modifyPrice); and per remote
 * operator, the lane's interventions answered and those approved.
 */
export async function operatorTallies(db: Database, orgId: string, w: Window): Promise<Record<'typed' | 'deducted' | 'priced' | 'approved', OperatorCount[]>> {
  const { rows } = await sql<{ what: string; operator_id: string; operator: string; events: number; total: number }>`
    WITH weighed AS (
      SELECT w.operator_id, count(*)::int AS total, (count(*) FILTER (WHERE w.source = 'MANUAL'))::int AS typed
        FROM wb_weighing w
       WHERE w.org_id = ${orgId}::bigint AND w.weighed_at >= ${w.from} AND w.weighed_at < ${w.to} AND w.operator_id IS NOT NULL
       GROUP BY w.operator_id
    ), deducted AS (
      SELECT d.created_by AS operator_id, count(DISTINCT d.ticket_id)::int AS events
        FROM wb_ticket t JOIN wb_ticket_deduction d ON d.org_id = t.org_id AND d.ticket_id = t.id
       WHERE t.org_id = ${orgId}::bigint AND t.completed_at >= ${w.from} AND t.completed_at < ${w.to}
         AND d.kind NOT IN ('QUALITY', 'HIDDEN') AND d.created_by IS NOT NULL
       GROUP BY d.created_by
    ), priced AS (
      SELECT l.user_id AS operator_id, count(*)::int AS events
        FROM sys_log l
       WHERE l.org_id = ${orgId}::bigint AND l.created_at >= ${w.from} AND l.created_at < ${w.to} AND l.action = 'modifyPrice' AND l.user_id IS NOT NULL
       GROUP BY l.user_id
    ), answered AS (
      SELECT i.answered_by AS operator_id, count(*)::int AS total, (count(*) FILTER (WHERE i.state IN ('APPROVED', 'USED')))::int AS events
        FROM wb_lane_intervention i
       WHERE i.org_id = ${orgId}::bigint AND i.created_at >= ${w.from} AND i.created_at < ${w.to} AND i.answered_by IS NOT NULL AND i.state <> 'WAITING'
       GROUP BY i.answered_by
    ), tallies AS (
      SELECT 'typed' AS what, operator_id, typed AS events, total FROM weighed
      UNION ALL SELECT 'deducted', w.operator_id, coalesce(d.events, 0), w.total FROM weighed w LEFT JOIN deducted d USING (operator_id)
      UNION ALL SELECT 'priced', w.operator_id, coalesce(p.events, 0), w.total FROM weighed w LEFT JOIN priced p USING (operator_id)
      UNION ALL SELECT 'approved', operator_id, events, total FROM answered
    )
    SELECT x.what, x.operator_id::text, coalesce(nullif(u.real_name, ''), u.username, x.operator_id::text) AS operator, x.events, x.total
      FROM tallies x LEFT JOIN sys_user u ON u.id = x.operator_id
     ORDER BY x.what, x.operator_id`.execute(db);
  const by = { typed: [], deducted: [], priced: [], approved: [] } as Record<'typed' | 'deducted' | 'priced' | 'approved', OperatorCount[]>;
  for (const r of rows) by[r.what as keyof typeof by].push({ operatorId: r.operator_id, operator: r.operator, events: r.events, total: r.total });
  return by;
}

/** Every company with a ticket: the nightly job's round. */
export async function companies(db: Database): Promise<string[]> {
  const rows = await db.selectFrom('sys_org').select('id').where('enabled', '=', true).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The plant's yesterday: the day a run after midnight looks through. */
export async function plantYesterday(db: Database): Promise<string> {
  const { rows: [r] } = await sql<{ day: string }>`SELECT to_char(now()::date - 1, 'YYYY-MM-DD') AS day`.execute(db);
  return r.day;
}

/** A ticket the night judges against its material's nets: one whose truck had too few of its own for the per-weighing rule. */
export interface NetUnjudged {
  id: string; ticketNo: string; kind: 'pu' | 'sa'; plate: string; materialId: string; vendorId: string | null; customerId: string | null;
  netKg: number; tareKg: number; completedAt: Date; operatorId: string | null; scaleId: string | null;
}

/**
 * The purchases and sales completed in the window whose truck had fewer than `minHistory` earlier
 * nets of the material (the per-weighing NET_UNUSUAL had nothing to compare them with): the day's
 * tickets by wb_ticket_completed_cover_idx, each truck's history by wb_ticket_vehicle_idx with the
 * per-weighing rule's limit, read as that rule reads it (history-repo.ts ticketFacts).
 */
export async function netsUnjudged(db: Database, orgId: string, w: Window, minHistory: number, read: number): Promise<NetUnjudged[]> {
  const { rows } = await sql<Record<string, any>>`
    SELECT t.id::text, t.ticket_no, t.kind, t.plate_number, t.material_id::text, t.vendor_id::text, t.customer_id::text, t.net::text, t.tare::text, t.completed_at,
           (SELECT x.operator_id::text FROM wb_weighing x WHERE x.org_id = t.org_id AND x.ticket_id = t.id AND x.operator_id IS NOT NULL
             ORDER BY x.reading DESC LIMIT 1) AS operator_id,
           (SELECT x.scale_id FROM wb_weighing x WHERE x.org_id = t.org_id AND x.ticket_id = t.id AND x.reading = 'SECOND') AS scale_id
      FROM wb_ticket t
     WHERE t.org_id = ${orgId}::bigint AND t.completed_at >= ${w.from} AND t.completed_at < ${w.to} AND t.kind IN ('pu', 'sa')
       AND t.state <> 'OBSOLETE' AND t.net IS NOT NULL AND t.tare IS NOT NULL AND t.material_id IS NOT NULL
       AND t.source_ticket_id IS NULL AND t.split_from_id IS NULL
       AND (SELECT count(*) FROM (
              SELECT p.material_id FROM wb_ticket p
               WHERE p.org_id = t.org_id AND p.plate_number = t.plate_number AND p.created_at <= t.created_at
                 AND p.id <> t.id AND p.completed_at IS NOT NULL AND p.state <> 'OBSOLETE' AND p.source_ticket_id IS NULL AND p.split_from_id IS NULL
               ORDER BY p.created_at DESC LIMIT ${read}) p
             WHERE p.material_id = t.material_id) < ${minHistory}`.execute(db);
  return rows.map((r) => ({
    id: r.id, ticketNo: r.ticket_no, kind: r.kind, plate: r.plate_number, materialId: r.material_id, vendorId: r.vendor_id, customerId: r.customer_id,
    netKg: Math.round(Number(r.net) * 1000), tareKg: Math.round(Number(r.tare) * 1000), completedAt: r.completed_at, operatorId: r.operator_id, scaleId: r.scale_id ?? null,
  }));
}

/** How many of a material's latest nets the night compares with. */
export const MATERIAL_NETS_READ = 500;

/**
 * The latest nets of these materials (purchases and sales apart) in the window, every truck's, by
 * wb_ticket_completed_cover_idx: `${material}:${kind}` to [ticket id, net kg, tare kg].
 */
export async function materialNets(db: Database, orgId: string, w: Window, materialIds: readonly string[]): Promise<Map<string, [string, number, number][]>> {
  const by = new Map<string, [string, number, number][]>();
  if (materialIds.length === 0) return by;
  const { rows } = await sql<{ material_id: string; kind: string; id: string; net: string; tare: string }>`
    SELECT material_id::text, kind, id::text, net::text, tare::text FROM (
      SELECT t.material_id, t.kind, t.id, t.net, t.tare, row_number() OVER (PARTITION BY t.material_id, t.kind ORDER BY t.completed_at DESC) AS n
        FROM wb_ticket t
       WHERE t.org_id = ${orgId}::bigint AND t.completed_at >= ${w.from} AND t.completed_at < ${w.to}
         AND t.material_id = ANY(${[...materialIds]}::bigint[]) AND t.kind IN ('pu', 'sa') AND t.state <> 'OBSOLETE' AND t.net IS NOT NULL AND t.tare IS NOT NULL
         AND t.source_ticket_id IS NULL AND t.split_from_id IS NULL) x
     WHERE n <= ${MATERIAL_NETS_READ}`.execute(db);
  for (const r of rows) {
    const key = `${r.material_id}:${r.kind}`;
    if (!by.has(key)) by.set(key, []);
    by.get(key)!.push([r.id, Math.round(Number(r.net) * 1000), Math.round(Number(r.tare) * 1000)]);
  }
  return by;
}
