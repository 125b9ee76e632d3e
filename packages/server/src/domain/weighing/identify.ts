import type { WeighingBody } from '@wb/protocol';
import { badRequest } from '../../platform/http/errors';
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

/** The open ticket a second weighing completes, named by itself, its registry, the card or the plate. */
export async function ticketOfSecond(tx: Tx, orgId: string, b: WeighingBody): Promise<string> {
  if (b.ticketId) return b.ticketId;
  if (b.registryId) return orThrow(await repo.openTicketOfRegistry(tx, orgId, b.registryId), '该登记单没有待二次过磅的磅单', 'registryId');
  if (b.cardUid) {
    const registryId = await repo.registryIdByCard(tx, orgId, b.cardUid);
    if (!registryId) throw badRequest(`IC卡 ${b.cardUid} 没有绑定在途的登记单`, 'cardUid');
    return orThrow(await repo.openTicketOfRegistry(tx, orgId, registryId), `IC卡 ${b.cardUid} 的车辆没有待二次过磅的磅单`, 'cardUid');
  }
  const open = await repo.openTicketOfPlate(tx, orgId, b.plate as string);
  return orThrow(open?.id ?? null, `车辆 ${b.plate} 没有待二次过磅的磅单`, 'plate');
}

function orThrow(id: string | null, message: string, field: string): string {
  if (!id) throw badRequest(message, field);
  return id;
}
