import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { TicketKind } from './kinds';

export interface TicketPicture { fileId: string; reading: string; weighedAt: Date }

/**
 * The watermarked camera snapshots a ticket's weighings keep (wb_weighing.snapshot_file_ids), in
 * the order they were taken, then its gauging's photos (wb_ticket_gauge.photo_file_ids, GAUGE); the browser loads each through GET /api/sys-file-type/img/:id.
 * Null when the company has no such ticket of the kind.
 */
export async function ticketPictures(db: Database, orgId: string, kind: TicketKind, ticketId: string): Promise<TicketPicture[] | null> {
  const { rows: found } = await sql<{ id: string }>`
    SELECT id::text FROM wb_ticket WHERE org_id = ${orgId}::bigint AND kind = ${kind} AND id = ${ticketId}::bigint`.execute(db);
  if (!found[0]) return null;
  // the weighings' snapshots, then the photos the gauger took of the load (085, reading GAUGE)
  const { rows } = await sql<TicketPicture>`
    SELECT "fileId", reading, "weighedAt" FROM (
      SELECT f.id::text AS "fileId", w.reading, w.weighed_at AS "weighedAt", 0 AS part, w.id AS at_id, s.n
        FROM wb_weighing w
        CROSS JOIN LATERAL unnest(w.snapshot_file_ids) WITH ORDINALITY AS s(file_id, n)
        JOIN sys_file f ON f.id = s.file_id AND f.org_id = w.org_id
       WHERE w.org_id = ${orgId}::bigint AND w.ticket_id = ${ticketId}::bigint
      UNION ALL
      SELECT f.id::text, 'GAUGE', g.gauged_at, 1, g.id, s.n
        FROM wb_ticket_gauge g
        CROSS JOIN LATERAL unnest(g.photo_file_ids) WITH ORDINALITY AS s(file_id, n)
        JOIN sys_file f ON f.id = s.file_id AND f.org_id = g.org_id
       WHERE g.org_id = ${orgId}::bigint AND g.ticket_id = ${ticketId}::bigint
    ) p ORDER BY part, "weighedAt", at_id, n`.execute(db);
  return rows;
}
