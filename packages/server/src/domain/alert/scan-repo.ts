import { sql, type QueryCreator, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { ScanKept } from './scan-rules';

/**
 * The marker a completion leaves for the per-weighing rules (migration 103, wb_alert_scan): the
 * ticket's row, waiting. A ticket completed again (a correction that reopened it) waits again.
 * As a common table expression the second weighing's statement carries (weighing/repo.ts
 * updateTicketWithReading): no round trip of its own.
 */
export const scanMarkCte = (orgId: string, ticketId: string) => (q: QueryCreator<DB>) =>
  q.insertInto('wb_alert_scan').values({ org_id: orgId, ticket_id: ticketId })
    .onConflict((oc) => oc.columns(['org_id', 'ticket_id']).doUpdateSet({ scanned_at: null, queued_at: sql`now()` }));

/**
 * The marker of a ticket inserted by the same statement: a common table expression after the one
 * named `ticket`, which returns the new row's org_id and id (a ticket made completed: a return, a
 * split's part; weighing/repo.ts insertTicket).
 */
export const scanMarkOfInserted = (q: QueryCreator<DB & { ticket: Pick<DB['wb_ticket'], 'org_id' | 'id'> }>) =>
  q.insertInto('wb_alert_scan').columns(['org_id', 'ticket_id']).expression(q.selectFrom('ticket').select(['org_id', 'id']))
    .onConflict((oc) => oc.columns(['org_id', 'ticket_id']).doUpdateSet({ scanned_at: null, queued_at: sql`now()` }));

/**
 * The marker of a ticket if it is completed, as a common table expression of the statement that
 * reads it (a manual ticket's completion: weighing/manual.ts), so it costs no round trip.
 */
export const scanMarkIfCompletedCte = (orgId: string, ticketId: string) => (q: QueryCreator<DB>) =>
  q.insertInto('wb_alert_scan').columns(['org_id', 'ticket_id'])
    .expression(q.selectFrom('wb_ticket').select(['org_id', 'id']).where('org_id', '=', orgId).where('id', '=', ticketId).where('state', '=', 'COMPLETED'))
    .onConflict((oc) => oc.columns(['org_id', 'ticket_id']).doUpdateSet({ scanned_at: null, queued_at: sql`now()` }));

/** The same marker as a statement of its own, for a completion that has no statement to carry it (a manual ticket). */
export async function queueAlertScan(tx: Transaction<DB> | Database, orgId: string, ticketId: string): Promise<void> {
  await scanMarkCte(orgId, ticketId)(tx).execute();
}

/**
 * The waiting tickets, oldest first, locked for this transaction: another poller skips them and
 * takes the next (FOR UPDATE SKIP LOCKED), so two instances never scan one ticket at once.
 */
export async function claimWaiting(tx: Transaction<DB>, batch: number): Promise<{ orgId: string; ticketId: string }[]> {
  const { rows } = await sql<{ orgId: string; ticketId: string }>`
    SELECT org_id::text AS "orgId", ticket_id::text AS "ticketId" FROM wb_alert_scan
     WHERE scanned_at IS NULL ORDER BY queued_at LIMIT ${batch} FOR UPDATE SKIP LOCKED`.execute(tx);
  return rows;
}

/**
 * A batch of tickets scanned in one statement, each with what its scan kept of the readings; every
 * ticket of a batch has its row (claimed, or locked by scanTickets). Readings the scan read from
 * the row itself are not sent back: the row keeps them.
 */
export async function markBatchScanned(
  tx: Transaction<DB>, orgId: string, kept: readonly (ScanKept & { ticketId: string; readingsStored?: boolean; firstStored?: boolean })[],
): Promise<void> {
  if (kept.length === 0) return;
  const rows = kept.map((k) => ({
    ticket_id: k.ticketId, scale_id: k.scaleId, dwell_seconds: k.dwellSeconds,
    readings: k.readingsStored ? null : k.readings, kept: k.readingsStored === true,
    first_readings: k.firstStored ? null : k.firstReadings, first_kept: k.firstStored === true,
  }));
  await sql`
    UPDATE wb_alert_scan a
       SET scale_id = x.scale_id, dwell_seconds = x.dwell_seconds, scanned_at = now(),
           readings = CASE WHEN x.kept THEN a.readings ELSE x.readings END,
           first_readings = CASE WHEN x.first_kept THEN a.first_readings ELSE x.first_readings END
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS x(ticket_id bigint, scale_id text, dwell_seconds int, readings jsonb, kept boolean, first_readings jsonb, first_kept boolean)
     WHERE a.org_id = ${orgId}::bigint AND a.ticket_id = x.ticket_id`.execute(tx);
}

/** The ticket's scan row locked, when another run is not scanning it: false when another has it, or the company has no such ticket. */
export async function lockScanRow(tx: Transaction<DB>, orgId: string, ticketId: string): Promise<boolean> {
  await sql`INSERT INTO wb_alert_scan (org_id, ticket_id)
            SELECT org_id, id FROM wb_ticket WHERE org_id = ${orgId}::bigint AND id = ${ticketId}::bigint
            ON CONFLICT (org_id, ticket_id) DO NOTHING`.execute(tx);
  const { rows } = await sql`SELECT 1 FROM wb_alert_scan WHERE org_id = ${orgId}::bigint AND ticket_id = ${ticketId}::bigint FOR UPDATE SKIP LOCKED`.execute(tx);
  return rows.length > 0;
}
