import type { TicketAction } from './transitions';

/**
 * A ticket locked by the document that counts it (a sales or allot calculation; a settlement
 * locks the same way): wb_ticket.locked_by_kind / locked_by_id / locked_by_no (migrations/041).
 * The ticket's figures are the document's then, so nothing that changes its net, price or amount,
 * or takes it out of the count, goes through until the document unlocks it. The refusal reads
 * only the ticket's own columns, never the locking document's tables.
 */
export interface TicketLock {
  /** the document's kind as locked_by_kind stores it */
  kind: string;
  /** its number */
  no: string;
}

/** Each locking document's word in the refusal; a document that locks tickets adds its kind here. */
export const TICKET_LOCK_WORDS: Readonly<Record<string, string>> = {
  SA_CALCULATION: '销售计算',
  AL_CALCULATION: '调拨计算',
  GOODS_SETTLEMENT_pu: '采购结算',
  GOODS_SETTLEMENT_sa: '销售结算',
  GOODS_SETTLEMENT_al: '调拨结算',
  GOODS_SETTLEMENT: '结算单',
  FREIGHT_SETTLEMENT: '运费结算',
};

/**
 * What a lock refuses: the figures (update, deduct, price), the ticket itself (merge, split, void)
 * and its stock records (reverse-post). Audit, posting and printing leave the figures as they are;
 * a return is a ticket of its own, counted where it falls.
 */
export const REFUSED_WHEN_LOCKED: readonly TicketAction[] = ['update', 'deduct', 'modifyPrice', 'merge', 'split', 'reversedown', 'obsolete'];

/** The locking document as the refusal names it: 销售计算 XSJS202611250001. */
export const lockHolder = (lock: TicketLock): string => `${TICKET_LOCK_WORDS[lock.kind] ?? lock.kind} ${lock.no}`;

/** The refusal of an action on a locked ticket, or null when the lock does not stand in its way. */
export function lockRefusal(code: string, lock: TicketLock | null | undefined, action: TicketAction): string | null {
  if (!lock || !REFUSED_WHEN_LOCKED.includes(action)) return null;
  return `磅单 ${code} 已被${lockHolder(lock)} 锁定`;
}

/**
 * The settlements holding a ticket: the goods settlement (its row's claim, migration 053, read with
 * the ticket as settled_by_no; its word by the ticket's kind) and the freight settlement (the
 * ticket's freight_settled_by_* columns, migration 044). A settled ticket is frozen like a locked one (spec
 * "Settlement"); a later correction becomes an adjustment row of the settlement.
 */
const GOODS_SETTLED_KINDS = ['pu', 'sa', 'al'];

/** The lock a ticket row carries: the settlement that holds it, else its calculation's three columns. */
export function lockOf(row: {
  locked_by_kind: string | null; locked_by_no: string | null;
  kind?: string; settled_by_no?: string | null; freight_settled_by_no?: string | null;
}): TicketLock | null {
  // the settlement is named first: it holds the ticket for good, a calculation's lock is undone at will
  if (row.settled_by_no) return { kind: row.kind && GOODS_SETTLED_KINDS.includes(row.kind) ? `GOODS_SETTLEMENT_${row.kind}` : 'GOODS_SETTLEMENT', no: row.settled_by_no };
  if (row.freight_settled_by_no) return { kind: 'FREIGHT_SETTLEMENT', no: row.freight_settled_by_no };
  if (row.locked_by_kind && row.locked_by_no) return { kind: row.locked_by_kind, no: row.locked_by_no };
  return null;
}
