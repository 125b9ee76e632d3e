import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { LONGEST_TRIP_MINUTES, SHORTEST_TRIP_MINUTES } from './rules';

/** How many of a route's latest arrivals its usual time is read from, and how far back. */
export const HISTORY_TRIPS = 20;
export const HISTORY_DAYS = 90;

/**
 * The minutes the latest purchase trucks from each of these vendors took from registration
 * (dispatch) to the gate: the route's history, newest first, at most HISTORY_TRIPS a vendor.
 */
export async function arrivalHistory(db: Database, orgId: string, vendorIds: readonly string[]): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>(vendorIds.map((v) => [v, []]));
  if (vendorIds.length === 0) return found;
  const { rows } = await sql<{ vendor: string; minutes: number[] }>`
    SELECT v.id::text AS vendor,
           coalesce((SELECT array_agg(h.minutes) FROM (
              SELECT extract(epoch FROM r.entered_at - r.created_at) / 60 AS minutes
                FROM wb_registry r JOIN wb_notice n ON n.org_id = r.org_id AND n.id = r.notice_id
               WHERE r.org_id = ${orgId}::bigint AND r.kind = 'pu' AND n.vendor_id = v.id AND r.entered_at IS NOT NULL
                 AND r.entered_at > now() - make_interval(days => ${HISTORY_DAYS})
                 AND r.entered_at - r.created_at BETWEEN make_interval(mins => ${SHORTEST_TRIP_MINUTES}) AND make_interval(mins => ${LONGEST_TRIP_MINUTES})
               ORDER BY r.entered_at DESC LIMIT ${HISTORY_TRIPS}) h), '{}') AS minutes
      FROM unnest(${[...vendorIds]}::bigint[]) AS v(id)`.execute(db);
  for (const r of rows) found.set(r.vendor, r.minutes.map(Number));
  return found;
}
