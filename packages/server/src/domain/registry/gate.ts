import Decimal from 'decimal.js';
import type { Database } from '../../platform/db/pool';
import { badRequest } from '../../platform/http/errors';
import { constraintName } from './constraint';
import { lockedBatch } from './doc-actions';
import { decideLetin, decideLetout } from './gate-rules';
import type { RegistryKind } from './kinds';
import * as repo from './repo';
import { releaseOnLine } from '../notice/quantity';
import type { Who } from '../../platform/auth/who';

/**
 * Gate-in (letin / entrance): the registry row is locked first, so two gates letting the same
 * truck in at once take turns and the second sees it entered. Two registries of one truck let in
 * at once meet the unique index wb_registry_in_plant_uq: one is refused.
 */
export async function letin(db: Database, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[]) {
  try {
    return await db.transaction().execute(async (tx) => {
      const rows = await lockedBatch(tx, who, kind, ids);
      for (const row of rows) {
        const decision = decideLetin({
          registry: row,
          notice: row.noticeId ? await repo.noticeOf(tx, who.orgId, row.noticeId) : null,
          card: row.cardId ? await repo.lockCard(tx, who.orgId, { id: row.cardId }) : null,
          blacklist: await repo.blacklistHits(tx, who.orgId, row.plate, row.driverIdNumber),
          inPlantOn: await repo.inPlantOn(tx, who.orgId, row.plate, row.id),
          now: new Date(),
        });
        if (!decision.ok) throw badRequest(decision.message, 'ids');
        await repo.markEntered(tx, row.id, who.userId);
      }
      return { count: rows.length };
    });
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
export async function letout(db: Database, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, ids: string[]) {
  return db.transaction().execute(async (tx) => {
    const rows = await lockedBatch(tx, who, kind, ids);
    for (const row of rows) {
      const ticket = await repo.lockLiveTicket(tx, who.orgId, row.id);
      const decision = decideLetout(row, ticket);
      if (!decision.ok) throw badRequest(decision.message, 'ids');
      if (decision.giveBackHold && row.noticeLineId) {
        // the hold is the registry's until a ticket takes it over: whichever holds it gives it back, once
        const held = Decimal.max(row.reserved, ticket?.reserved ?? 0);
        if (row.status === 'AUDITED' && held.greaterThan(0)) await releaseOnLine(tx, who.orgId, row.noticeLineId, held.toFixed());
        if (ticket && Number(ticket.reserved) > 0) await repo.clearTicketHold(tx, ticket.id);
      }
      await repo.markReleased(tx, row.id, who.userId, decision.releaseKind);
    }
    return { count: rows.length };
  });
}
