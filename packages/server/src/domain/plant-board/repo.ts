import { sql } from 'kysely';
import type { PlantBoardIntervention, PlantBoardTons } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';

/**
 * Today's tons by kind of weighing: the nets of the company's tickets completed on the plant's day
 * (completed, audited or posted; an obsoleted or closed one weighed nothing).
 */
export async function todaysTons(db: Database, orgId: string, day: string, zone: string): Promise<PlantBoardTons[]> {
  const { rows } = await sql<PlantBoardTons>`
    SELECT t.kind, count(*)::int AS tickets, trim_scale(coalesce(sum(t.net), 0))::text AS tons
      FROM wb_ticket t
     WHERE t.org_id = ${orgId} AND t.state IN ('COMPLETED', 'AUDITED', 'POSTED')
       AND t.completed_at >= (${day}::date)::timestamp AT TIME ZONE ${zone}
       AND t.completed_at < (${day}::date + 1)::timestamp AT TIME ZONE ${zone}
     GROUP BY t.kind
     ORDER BY t.kind`.execute(db);
  return rows;
}

/** The lanes' requests still waiting for an operator (远程干预), oldest first. */
export async function waitingInterventions(db: Database, orgId: string, limit = 20): Promise<PlantBoardIntervention[]> {
  const { rows } = await sql<PlantBoardIntervention>`
    SELECT i.id::text, i.scale_id AS "scaleId", i.station_name AS "stationName", i.reason, i.message,
           i.plate_number AS "plateNumber", to_char(i.created_at AT TIME ZONE ${process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai'}, 'YYYY-MM-DD HH24:MI:SS') AS "createdAt"
      FROM wb_lane_intervention i
     WHERE i.org_id = ${orgId} AND i.state = 'WAITING'
     ORDER BY i.created_at, i.id
     LIMIT ${limit}`.execute(db);
  return rows;
}
