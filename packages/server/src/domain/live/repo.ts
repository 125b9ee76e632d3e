import { sql } from 'kysely';
import type { LiveVehicle } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';

/** A trip of registry `r` whose truck is in the plant: through the gate and not out. */
const IN_PLANT = sql`r.trip_state IN ('ENTERED', 'WEIGHING')`;

/**
 * The trucks in a company's plant (through the gate and not out), with their open ticket; with
 * ids, those of them still in: a trip that left or never came is simply not in the answer.
 */
export async function vehiclesInPlant(db: Database, orgId: string, ids?: readonly string[]): Promise<LiveVehicle[]> {
  const { rows } = await sql<LiveVehicle>`
    SELECT r.id::text AS "registryId", r.registry_no AS "registryNo", r.kind, r.plate_number AS "plateNumber",
           r.trip_state AS "tripState", to_char(r.entered_at, 'YYYY-MM-DD HH24:MI:SS') AS "enteredAt",
           r.driver_name AS "driverName", m.inv_name AS "materialName",
           coalesce(v.vendor_name, c.customer_name, po.org_name) AS counterparty,
           t.ticket_no AS "ticketNo", t.state AS "ticketState", t.gross::text AS gross, t.tare::text AS tare
      FROM wb_registry r
      LEFT JOIN LATERAL (SELECT ticket_no, state, gross, tare FROM wb_ticket t
                          WHERE t.org_id = r.org_id AND t.registry_id = r.id AND t.state <> 'OBSOLETE' LIMIT 1) t ON true
      LEFT JOIN md_material m ON m.id = r.material_id
      LEFT JOIN wb_notice n ON n.org_id = r.org_id AND n.id = r.notice_id
      LEFT JOIN md_vendor v ON v.id = n.vendor_id
      LEFT JOIN md_customer c ON c.id = n.customer_id
      LEFT JOIN sys_org po ON po.id = n.peer_org_id
     WHERE r.org_id = ${orgId} AND ${IN_PLANT}
       ${ids ? sql`AND r.id = ANY(${ids}::bigint[])` : sql``}
     ORDER BY r.entered_at, r.id`.execute(db);
  return rows;
}

/** How many trucks are in each of the companies' plants (companies with none are left out). */
export function inPlantCounts(orgIds: readonly string[]) {
  return sql<{ orgId: string; n: number }>`
    SELECT r.org_id::text AS "orgId", count(*)::int AS n
      FROM wb_registry r
     WHERE r.org_id = ANY(${orgIds}::bigint[]) AND ${IN_PLANT}
     GROUP BY r.org_id`;
}
