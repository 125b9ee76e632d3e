import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { EntityValues } from '../../platform/documents/define';
import { decideSupplement } from './card-rules';
import * as repo from './repo';

type Problem = { field: string; message: string };

/**
 * The card a registry form read (读卡 beside IC卡号) is bound in the create's or update's own
 * transaction, by the rules of 补卡. Runs in the engine's checkWrite after the truck is resolved
 * (a fixed card names its truck). The engine locked the registry row of an update already; the
 * card row is locked next, so two forms saving one card take turns and the second is refused
 * (wb_registry_card_uq behind it). A card the registry holds already is not checked again.
 */
export async function checkFormCard(tx: Transaction<DB>, who: { orgId: string }, id: string | null, values: EntityValues): Promise<Problem[]> {
  const cardId = values.icCardId == null ? null : String(values.icCardId);
  if (!cardId || cardId === (await repo.storedCardOf(tx, id))) return [];
  const card = await repo.lockCard(tx, who.orgId, { id: cardId });
  if (!card) return [{ field: 'cardNo', message: 'IC卡不存在' }];
  const bound = await repo.openTripOfCard(tx, who.orgId, card.id);
  const decision = decideSupplement({
    registry: { code: String(values.registryNo ?? ''), status: 'FREE', trip: 'PLANNED', vehicleId: values.vehicleId == null ? null : String(values.vehicleId) },
    card,
    boundTo: bound && bound.id !== id ? bound.code : null,
  });
  return decision.ok ? [] : [{ field: 'cardNo', message: decision.message }];
}
