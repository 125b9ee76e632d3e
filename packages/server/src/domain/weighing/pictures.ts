import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { TicketKind } from './kinds';

export interface TicketPicture { fileId: string; reading: string; weighedAt: Date }

/**
 * The watermarked camera snapshots a ticket's weighings keep (wb_weighing.snapshot_file_ids), in
 * the order they were taken; the browser loads each through GET /api/sys-file-type/img/:id.
 * Null when the company has no such ticket of the kind.
 */
export async function ticketPictures(db: Database, orgId: string, kind: TicketKind, ticketId: string): Promise<TicketPicture[] | null> {
  const { rows: found } = await sql<{ id: string }>`
    SELECT id::text FROM wb_ticket WHERE org_id = ${orgId}::bigint AND kind = ${kind} AND id = ${ticketId}::bigint`.execute(db);
  if (!found[0]) return null;
  const { rows } = await sql<TicketPicture>`
    SELECT f.id::text AS "fileId", w.reading, w.weighed_at AS "weighedAt"
      FROM wb_weighing w
      CROSS JOIN LATERAL unnest(w.snapshot_file_ids) WITH ORDINALITY AS s(file_id, n)
      JOIN sys_file f ON f.id = s.file_id AND f.org_id = w.org_id
     WHERE w.org_id = ${orgId}::bigint AND w.ticket_id = ${ticketId}::bigint
     ORDER BY w.weighed_at, w.id, s.n`.execute(db);
  return rows;
}
