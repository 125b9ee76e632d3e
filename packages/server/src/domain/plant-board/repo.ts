import { sql } from 'kysely';
import type { PlantBoardIntervention, PlantBoardTons } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';

/** Tons by kind of each company, as tonsByKind reads them. */
export interface OrgTons extends PlantBoardTons {
  orgId: string;
}

/**
 * The tons by kind of weighing of each of the companies over plant days [fromDay, toDay] (both
 * inclusive; a day starts at its midnight in `zone`): the nets of their tickets completed then
 * (completed, audited or posted; an obsoleted or closed one weighed nothing). The wall board reads
 * one company's day, the group's cockpit every plant's day and month in one statement each.
 */
export function tonsByKind(orgIds: readonly string[], fromDay: string, toDay: string, zone: string) {
  return sql<OrgTons>`
    SELECT t.org_id::text AS "orgId", t.kind, count(*)::int AS tickets, trim_scale(coalesce(sum(t.net), 0))::text AS tons
      FROM wb_ticket t
     WHERE t.org_id = ANY(${orgIds}::bigint[]) AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED')
       AND t.completed_at >= (${fromDay}::date)::timestamp AT TIME ZONE ${zone}
       AND t.completed_at < (${toDay}::date + 1)::timestamp AT TIME ZONE ${zone}
     GROUP BY t.org_id, t.kind
     ORDER BY t.org_id, t.kind`;
}

/** Today's tons by kind of weighing of one company (tonsByKind over its plant day). */
export async function todaysTons(db: Database, orgId: string, day: string, zone: string): Promise<PlantBoardTons[]> {
  const { rows } = await tonsByKind([orgId], day, day, zone).execute(db);
  return rows.map(({ kind, tickets, tons }) => ({ kind, tickets, tons }));
}

/** A lane's request `i` still waiting for an operator. */
const WAITING = sql`i.state = 'WAITING'`;

/** The lanes' requests still waiting for an operator (远程干预), oldest first. */
export async function waitingInterventions(db: Database, orgId: string, limit = 20): Promise<PlantBoardIntervention[]> {
  const { rows } = await sql<PlantBoardIntervention>`
    SELECT i.id::text, i.scale_id AS "scaleId", i.station_name AS "stationName", i.reason, i.message,
           i.plate_number AS "plateNumber", to_char(i.created_at AT TIME ZONE ${process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai'}, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
      FROM wb_lane_intervention i
     WHERE i.org_id = ${orgId} AND ${WAITING}
     ORDER BY i.created_at, i.id
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** How many of the lanes' requests wait in each of the companies (companies with none are left out). */
export function waitingInterventionCounts(orgIds: readonly string[]) {
  return sql<{ orgId: string; n: number }>`
    SELECT i.org_id::text AS "orgId", count(*)::int AS n
      FROM wb_lane_intervention i
     WHERE i.org_id = ANY(${orgIds}::bigint[]) AND ${WAITING}
     GROUP BY i.org_id`;
}
