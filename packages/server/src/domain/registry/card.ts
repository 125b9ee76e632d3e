import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import { getEntity } from '../../platform/documents/actions';
import { boundElsewhere, decideSupplement, normaliseUid, CARD_UID } from './card-rules';
import { constraintName } from './constraint';
import { lockedBatch } from './doc-actions';
import { REGISTRY_FAMILIES } from './family';
import { cardRefusal } from './gate-rules';
import { KIND_INFO, type RegistryKind } from './kinds';
import { cardDetail, registryNote } from './log-notes';
import * as repo from './repo';
import type { RowScope, Who } from '../../platform/auth/who';

type Tx = Transaction<DB>;

/**
 * The card reader's calls: read (which open trip a chip names), check (may this card be used),
 * supplement and write (bind a card to a trip; write also answers what goes onto the card).
 */
export function checkedUid(raw: string): string {
  const uid = normaliseUid(raw);
  if (!CARD_UID.test(uid)) throw badRequest('芯片序列号应为8位或14位十六进制', 'cardUid');
  return uid;
}

async function usableCard(db: Database, who: Pick<Who, 'orgId' | 'userId'>, uid: string) {
  const card = await repo.cardOf(db, who.orgId, uid);
  if (!card) throw AppError.of('notFound', `未找到芯片序列号为 ${uid} 的IC卡`, 'cardUid');
  const refusal = cardRefusal(card);
  if (refusal) throw badRequest(refusal, 'cardUid');
  return card;
}

export async function readCard(db: Database, who: RowScope, kind: RegistryKind, rawUid: string) {
  const card = await usableCard(db, who, checkedUid(rawUid));
  const trip = await repo.openTripOfCard(db, who.orgId, card.id);
  if (!trip) throw AppError.of('notFound', `IC卡 ${card.cardNo} 没有未完成的登记单`, 'cardUid');
  if (trip.kind !== kind) throw badRequest(`IC卡 ${card.cardNo} 绑定的是${KIND_INFO[trip.kind].label} ${trip.code}`, 'cardUid');
  return { cardNo: card.cardNo, cardUid: card.uid, registry: await getEntity(db, REGISTRY_FAMILIES[kind], who, trip.id) };
}

export async function checkCard(db: Database, who: Pick<Who, 'orgId' | 'userId'>, rawUid: string) {
  const card = await usableCard(db, who, checkedUid(rawUid));
  const trip = await repo.openTripOfCard(db, who.orgId, card.id);
  return { cardNo: card.cardNo, cardUid: card.uid, kind: card.kind, registryNo: trip?.code ?? null };
}

/**
 * The card a registry form read (its 读卡 button): usable, and free of other open trips, or the
 * refusal that the save would give. `registryNo` names the registry being edited, which may keep
 * its own card. The save checks again under the card's lock (card-form.ts): this only answers early.
 */
export async function bindableCard(db: Database, who: Pick<Who, 'orgId' | 'userId'>, rawUid: string, registryNo: string | undefined) {
  const card = await usableCard(db, who, checkedUid(rawUid));
  const trip = await repo.openTripOfCard(db, who.orgId, card.id);
  if (trip && trip.code !== registryNo) throw badRequest(boundElsewhere(card.cardNo, trip.code), 'cardUid');
  return { cardId: card.id, cardNo: card.cardNo, cardUid: card.uid };
}

/**
 * Binds a card to a trip. The registry is locked, then the card: two registries given one card at
 * once take turns on the card's row, and the second finds it bound (wb_registry_card_uq behind it:
 * the statement fails and the whole transaction is rolled back with the refusal).
 */
async function bindCard(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, id: string, rawUid: string) {
  const uid = checkedUid(rawUid);
  try {
    const [registry] = await lockedBatch(tx, who, kind, [id]);
    const card = await repo.lockCard(tx, who.orgId, { uid });
    if (!card) throw badRequest(`未找到芯片序列号为 ${uid} 的IC卡`, 'cardUid');
    const bound = await repo.openTripOfCard(tx, who.orgId, card.id);
    const decision = decideSupplement({ registry, card, boundTo: bound && bound.id !== registry.id ? bound.code : null });
    if (!decision.ok) throw badRequest(decision.message, 'cardUid');
    const before = registry.cardId ? await repo.cardNoOf(tx, registry.cardId) : null;
    await repo.bindCard(tx, registry.id, card.id, who.userId);
    return { bound: { registryNo: registry.code, plateNumber: registry.plate, cardNo: card.cardNo, cardUid: uid }, detail: cardDetail(before, card.cardNo) };
  } catch (err) {
    if (constraintName(err) === 'wb_registry_card_uq') throw badRequest('该IC卡已绑定其他未完成的登记单', 'cardUid');
    throw err;
  }
}

/** 补卡: a card bound to the trip, or put in place of the one it had. */
export async function supplementCard(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, id: string, rawUid: string) {
  const { bound, detail } = await bindCard(tx, who, kind, id, rawUid);
  return { reply: bound, note: registryNote(kind, 'supplement', bound.registryNo, detail) };
}

/** The blocks the reader writes after binding: the registry number and the plate, as the scale's reader reads them back. */
export async function writeCard(tx: Tx, who: Pick<Who, 'orgId' | 'userId'>, kind: RegistryKind, id: string, rawUid: string) {
  const { bound, detail } = await bindCard(tx, who, kind, id, rawUid);
  return { reply: { ...bound, blocks: [bound.registryNo, bound.plateNumber] }, note: registryNote(kind, 'writeCard', bound.registryNo, detail) };
}
