import type { WeighingBody } from '@wb/protocol';
import { sql } from 'kysely';
import { AppError, badRequest } from '../../platform/http/errors';
import { TICKET_KIND_INFO, type TicketKind } from './kinds';
import * as repo from './repo';
import type { Tx } from './repo';

/** How the station named the truck, as the weighing row keeps it. */
export type IdentifiedBy = 'REGISTRY' | 'CARD' | 'PLATE';

export const identifiedBy = (b: WeighingBody): IdentifiedBy => (b.registryId ? 'REGISTRY' : b.cardUid ? 'CARD' : 'PLATE');

/**
 * The registry a first weighing is for: the one named, the open trip of the card read, or the
 * plate's trip. Null only for a plate with no trip, which kinds without a notice may weigh.
 */
export async function registryOfFirst(tx: Tx, orgId: string, kind: TicketKind, b: WeighingBody): Promise<string | null> {
  if (b.registryId) return b.registryId;
  if (b.cardUid) {
    const id = await repo.registryIdByCard(tx, orgId, b.cardUid);
    if (!id) throw badRequest(`IC卡 ${b.cardUid} 没有绑定在途的登记单`, 'cardUid');
    return id;
  }
  return b.plate ? repo.registryIdByPlate(tx, orgId, b.plate, TICKET_KIND_INFO[kind].registryKind) : null;
}

/**
 * The ticket a second weighing completes, named by itself, its registry, the card or the plate,
 * locked, and in the same round trip the ticket an earlier call with this request id weighed (a
 * retry is answered with that, never by weighing the truck's next ticket). A ticket completed by
 * another call while this one waited for its lock no longer matches; that call may have been this
 * request's first try, which only a fresh look can see.
 */
export async function ticketOfSecond(tx: Tx, orgId: string, b: WeighingBody): Promise<{ replay: string } | { ticket: repo.TicketRow }> {
  const open = sql`t.org_id = ${orgId} AND t.state IN ('FIRST_WEIGHED', 'CONFIRMED')`;
  const which = b.ticketId
    ? sql`t.org_id = ${orgId} AND t.id = ${b.ticketId}::bigint`
    : b.registryId
      ? sql`${open} AND t.registry_id = ${b.registryId}::bigint`
      : b.cardUid
        ? sql`${open} AND t.registry_id IN (SELECT r.id FROM wb_registry r JOIN md_ic_card c ON c.id = r.ic_card_id AND c.org_id = r.org_id
                WHERE r.org_id = ${orgId} AND c.card_uid = ${b.cardUid} AND r.trip_state <> 'RELEASED' AND r.doc_status <> 'OBSOLETE')`
        : sql`${open} AND t.plate_number = ${b.plate ?? ''}`;
  // the settlement's number read with the lock: an open ticket (FIRST_WEIGHED, CONFIRMED) is no
  // settlement's candidate, and a ticket named by id that is settled is refused by its state first
  const columns = sql.join([...repo.TICKET_COLUMNS.map((c) => sql.ref(`t.${c}`)), sql`${repo.goodsSettledNo('t')} AS settled_by_no`]);
  const { rows } = await sql<{ replay: string | null } & (repo.TicketRow | { [K in keyof repo.TicketRow]: null })>`
    SELECT r.replay, t.* FROM (SELECT (SELECT w.ticket_id::text FROM wb_weighing w
                                         WHERE w.org_id = ${orgId} AND w.station = ${b.stationId} AND w.request_id = ${b.requestId}) AS replay) r
      LEFT JOIN LATERAL (SELECT ${columns} FROM wb_ticket t WHERE ${which} LIMIT 1 FOR UPDATE) t ON true`.execute(tx);
  const { replay, ...ticket } = rows[0] as (typeof rows)[number];
  if (replay) return { replay };
  if (ticket.id !== null) return { ticket: ticket as repo.TicketRow };
  const again = await repo.replayedTicket(tx, orgId, b.stationId, b.requestId);
  if (again) return { replay: again.ticketId };
  const field = b.ticketId ? 'ticketId' : b.registryId ? 'registryId' : b.cardUid ? 'cardUid' : 'plate';
  const none = b.ticketId ? '磅单不存在' : b.registryId ? '该登记单没有待二次过磅的磅单' : b.cardUid ? `IC卡 ${b.cardUid} 的车辆没有待二次过磅的磅单` : `车辆 ${b.plate} 没有待二次过磅的磅单`;
  throw b.ticketId ? new AppError(404, none, field) : badRequest(none, field);
}
