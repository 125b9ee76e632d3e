import { cardRefusal, type CardFacts } from './gate-rules';

/**
 * Binding an IC card to a trip (补卡 supplement; the reader's write). A card names one open trip at
 * a time (the unique index wb_registry_card_uq is the backstop), a fixed card its own truck only.
 */
export const CARD_UID = /^[0-9A-F]{8}([0-9A-F]{6})?$/;

/** The chip serial as readers send it (upper or lower case, with or without separators). */
export const normaliseUid = (uid: string) => uid.replace(/[\s:-]/g, '').toUpperCase();

export interface SupplementFacts {
  registry: { code: string; status: 'FREE' | 'AUDITED' | 'OBSOLETE'; trip: 'PLANNED' | 'ENTERED' | 'WEIGHING' | 'RELEASED'; vehicleId: string | null };
  card: CardFacts & { kind: 'FIXED' | 'TEMPORARY'; vehicleId: string | null; vehiclePlate: string | null };
  /** the open trip the card is bound to now, when it is not this one */
  boundTo: string | null;
}

/** The refusal of a card another open trip holds (the same words wherever a card is bound). */
export const boundElsewhere = (cardNo: string, code: string) => `IC卡 ${cardNo} 已绑定登记单 ${code}，请先出厂或作废该登记单`;

export function decideSupplement(f: SupplementFacts): { ok: true } | { ok: false; message: string } {
  const who = `登记单 ${f.registry.code}`;
  if (f.registry.status === 'OBSOLETE') return { ok: false, message: `${who} 已作废，不能补卡` };
  if (f.registry.trip === 'RELEASED') return { ok: false, message: `${who} 车辆已出厂，不能补卡` };
  const refusal = cardRefusal(f.card);
  if (refusal) return { ok: false, message: refusal };
  if (f.boundTo) return { ok: false, message: boundElsewhere(f.card.cardNo, f.boundTo) };
  if (f.card.kind === 'FIXED' && f.card.vehicleId && f.card.vehicleId !== f.registry.vehicleId) {
    return { ok: false, message: `IC卡 ${f.card.cardNo} 是车辆 ${f.card.vehiclePlate} 的固定卡，不能绑定到其他车辆` };
  }
  return { ok: true };
}
