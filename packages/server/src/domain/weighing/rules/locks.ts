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

/** The lock a ticket row carries, from its three columns. */
export function lockOf(row: { locked_by_kind: string | null; locked_by_no: string | null }): TicketLock | null {
  return row.locked_by_kind && row.locked_by_no ? { kind: row.locked_by_kind, no: row.locked_by_no } : null;
}
