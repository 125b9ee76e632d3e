import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';
import { TICKET_KINDS, type TicketKind } from '../weighing/kinds';
import type { Tx } from '../weighing/repo';

/** The truck a card or a plate names: its trip (registry) through the gate and what it weighs as. */
export interface LaneTruck {
  registryId: string;
  plate: string;
  card: string | null;
  kind: TicketKind;
  /** the ticket waiting for its second weighing, if the truck has one */
  openTicketId: string | null;
}

/**
 * The trip a lane's card or plate names, as the registry keeps it (domain/registry): a card bound
 * to a trip not yet released (read by its number or its chip's uid: the lane's reader may report
 * either), or the plate's newest audited trip through the gate or at the scale. The kind of
 * ticket follows the trip's kind (an 'st' trip weighs as an outgoing other-weighing, 'st').
 */
export async function truckOf(db: Database | Tx, orgId: string, id: { by: 'card' | 'plate' | 'registry'; value: string }): Promise<LaneTruck | null> {
  const which = id.by === 'registry'
    ? sql`r.id = ${id.value}::bigint`
    : id.by === 'card'
      ? sql`(upper(c.card_uid) = upper(${id.value}) OR upper(c.card_no) = upper(${id.value})) AND r.trip_state <> 'RELEASED'`
      : sql`r.plate_number = ${id.value} AND r.trip_state IN ('ENTERED', 'WEIGHING')`;
  const { rows } = await sql<{ id: string; plate_number: string; card: string | null; kind: string; open_ticket: string | null }>`
    SELECT r.id::text, r.plate_number, coalesce(c.card_no, c.card_uid) AS card, r.kind,
           (SELECT t.id::text FROM wb_ticket t WHERE t.org_id = r.org_id AND t.registry_id = r.id AND t.state IN ('FIRST_WEIGHED', 'CONFIRMED') LIMIT 1) AS open_ticket
      FROM wb_registry r LEFT JOIN md_ic_card c ON c.id = r.ic_card_id AND c.org_id = r.org_id
     WHERE r.org_id = ${orgId} AND r.doc_status = 'AUDITED' AND ${which}
     ORDER BY r.created_at DESC LIMIT 1`.execute(db);
  const r = rows[0];
  if (!r || !(TICKET_KINDS as readonly string[]).includes(r.kind)) return null;
  return { registryId: r.id, plate: r.plate_number, card: r.card, kind: r.kind as TicketKind, openTicketId: r.open_ticket };
}
