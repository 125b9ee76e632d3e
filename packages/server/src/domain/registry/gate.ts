import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../platform/audit/log';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { constraintName } from './constraint';
import { lockedBatch } from './doc-actions';
import { decideLetin, decideLetout, letoutGiveBack } from './gate-rules';
import type { RegistryKind } from './kinds';
import { letoutDetail, registryNote } from './log-notes';
import * as repo from './repo';
import { releaseOnLine } from '../notice/quantity';
import { releaseAtGateOut, withMoneyDetails } from '../money/registry-money';
import type { Who } from '../../platform/auth/who';
import { takeAppointment } from '../gate/appointment';
import { emitEvent } from '../../platform/events/emit';
import { uploadRegistryMovement } from '../uploads/emit';

type Tx = Transaction<DB>;

export interface GateDone { reply: { count: number }; notes: ChangeNote[] }

/**
 * Gate-in (letin / entrance): the registry row is locked first, so two gates letting the same
 * truck in at once take turns and the second sees it entered. Two registries of one truck let in
 * at once meet the unique index wb_registry_in_plant_uq: one is refused (the statement fails, so
 * the whole transaction is rolled back with the refusal).
 */
export async function letin(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[]): Promise<GateDone> {
  try {
    const rows = await lockedBatch(tx, who, kind, ids);
    for (const row of rows) {
      const decision = decideLetin({
        registry: row,
        notice: row.noticeId ? await repo.noticeOf(tx, who.orgId, row.noticeId) : null,
        card: row.cardId ? await repo.lockCard(tx, who.orgId, { id: row.cardId }) : null,
        blacklist: await repo.blacklistHits(tx, who.orgId, row.plate, row.driverIdNumber, kind),
        inPlantOn: await repo.inPlantOn(tx, who.orgId, row.plate, row.id),
        now: new Date(),
      });
      if (!decision.ok) throw badRequest(decision.message, 'ids');
      // the appointment rules' window and day quota (domain/gate), a place taken last
      await takeAppointment(tx, who.orgId, row.id);
      await repo.markEntered(tx, row.id, who.userId);
      await emitEvent(tx, {
        orgId: who.orgId, type: 'registry.letin', key: row.code, userId: who.userId,
        payload: { registryId: row.id, registryNo: row.code, kind, plateNumber: row.plate },
      });
      await uploadRegistryMovement(tx, who, row, 'IN');
    }
    return { reply: { count: rows.length }, notes: rows.map((r) => registryNote(kind, 'letin', r.code, '入厂')) };
  } catch (err) {
    if (constraintName(err) === 'wb_registry_in_plant_uq') throw badRequest('车辆已在厂内，不能重复入厂', 'ids');
    throw err;
  }
}

/**
 * Gate-out (letout / release): the trip's ticket complete, or closed by confirmation; a closed
 * trip gives its hold back to the notice line (registry, then ticket, then line). The card is free
 * again once the trip is released (wb_registry_card_uq counts open trips only).
 */
export async function letout(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[]): Promise<GateDone> {
  const rows = await lockedBatch(tx, who, kind, ids);
  const notes: ChangeNote[] = [];
  for (const row of rows) {
    const ticket = await repo.lockLiveTicket(tx, who.orgId, row.id);
    const decision = decideLetout(row, ticket);
    if (!decision.ok) throw badRequest(decision.message, 'ids');
    const back = letoutGiveBack(decision.giveBackHold, row, ticket?.reserved ?? null);
    if (back.release && row.noticeLineId) await releaseOnLine(tx, who.orgId, row.noticeLineId, back.release);
    if (back.clearTicket && ticket) await repo.clearTicketHold(tx, ticket.id);
    await repo.markReleased(tx, row.id, who.userId, decision.releaseKind);
    await emitEvent(tx, {
      orgId: who.orgId, type: 'registry.letout', key: row.code, userId: who.userId,
      payload: { registryId: row.id, registryNo: row.code, kind, plateNumber: row.plate, releaseKind: decision.releaseKind },
    });
    await uploadRegistryMovement(tx, who, row, 'OUT');
    notes.push(registryNote(kind, 'letout', row.code, letoutDetail(decision.releaseKind, back.release)));
  }
  // a trip that ended without its goods consumed gives its freeze back (domain/money)
  return { reply: { count: rows.length }, notes: withMoneyDetails(notes, await releaseAtGateOut(tx, who, kind, rows)) };
}
