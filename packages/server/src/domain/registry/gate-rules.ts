import Decimal from 'decimal.js';
import { decideTripAction, DOC_WORDS, type DocStatus, type RegistryState } from './lifecycle';

/**
 * The gate's decisions (domain notes: a truck's way through the plant, steps 3 and 5). Pure: the
 * repo gathers the facts under the registry's row lock and writes what these answer.
 */
export interface NoticeFacts {
  code: string;
  status: 'FREE' | 'AUDITED' | 'CLOSED' | 'OBSOLETE';
  start: Date;
  end: Date;
}

export interface CardFacts {
  cardNo: string;
  state: 'NORMAL' | 'LOST' | 'DAMAGED' | 'CANCELLED';
  enabled: boolean;
}

export interface BlacklistHit {
  plateNumber: string | null;
  idNumber: string | null;
  reason: string;
}

export interface LetinFacts {
  registry: RegistryState & { plate: string; validFrom: Date | null; validTo: Date | null };
  notice: NoticeFacts | null;
  card: CardFacts | null;
  blacklist: BlacklistHit[];
  /** another registry's trip of the same truck still in the plant */
  inPlantOn: string | null;
  now: Date;
}

export type GateDecision = { ok: true } | { ok: false; message: string };

const NOTICE_WORDS: Record<NoticeFacts['status'], string> = { FREE: '未审核', AUDITED: '已审核', CLOSED: '已关闭', OBSOLETE: '已作废' };

const fmt = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** What stops a card at a reader: lost, broken, cancelled or switched off. */
export function cardRefusal(card: CardFacts): string | null {
  if (card.state === 'LOST') return `IC卡 ${card.cardNo} 已挂失，不能使用`;
  if (card.state === 'DAMAGED') return `IC卡 ${card.cardNo} 已损坏，不能使用`;
  if (card.state === 'CANCELLED') return `IC卡 ${card.cardNo} 已注销，不能使用`;
  if (!card.enabled) return `IC卡 ${card.cardNo} 已停用，不能使用`;
  return null;
}

/** The first reason a truck may not pass the gate in, in the order a gate keeper checks them. */
export function decideLetin(f: LetinFacts): GateDecision {
  const r = f.registry;
  const who = `登记单 ${r.code}`;
  if (r.status !== 'AUDITED') return { ok: false, message: `${who} ${DOC_WORDS[r.status]}，不能入厂` };
  if (!r.enabled) return { ok: false, message: `${who} 已停用，不能入厂` };
  const trip = decideTripAction(r, 'letin');
  if (!trip.ok) return trip;
  if (f.notice) {
    const n = f.notice;
    if (n.status !== 'AUDITED') return { ok: false, message: `通知单 ${n.code} ${NOTICE_WORDS[n.status]}，不能入厂` };
    if (f.now < n.start) return { ok: false, message: `通知单 ${n.code} 未到开始时间 ${fmt(n.start)}，不能入厂` };
    if (f.now > n.end) return { ok: false, message: `通知单 ${n.code} 已过截止时间 ${fmt(n.end)}，不能入厂` };
  }
  if (r.validFrom && f.now < r.validFrom) return { ok: false, message: `${who} 未到有效期 ${fmt(r.validFrom)}，不能入厂` };
  if (r.validTo && f.now > r.validTo) return { ok: false, message: `${who} 已过有效期 ${fmt(r.validTo)}，不能入厂` };
  const hit = f.blacklist[0];
  if (hit) {
    const whom = hit.plateNumber === r.plate ? `车辆 ${r.plate}` : `司机身份证号 ${hit.idNumber}`;
    return { ok: false, message: `${whom} 在黑名单中（${hit.reason}），不能入厂` };
  }
  if (f.inPlantOn) return { ok: false, message: `车辆 ${r.plate} 已在厂内（登记单 ${f.inPlantOn}），不能重复入厂` };
  if (f.card) {
    const refusal = cardRefusal(f.card);
    if (refusal) return { ok: false, message: refusal };
  }
  return { ok: true };
}

export interface TicketFacts {
  code: string;
  state: 'FIRST_WEIGHED' | 'CONFIRMED' | 'COMPLETED' | 'AUDITED' | 'POSTED' | 'CLOSED' | 'OBSOLETE';
  closeKind: 'SINGLE_WEIGH' | 'SINGLE_EMPTY' | null;
}

export type LetoutDecision =
  | { ok: true; releaseKind: 'NORMAL' | 'SINGLE_WEIGH' | 'SINGLE_EMPTY'; giveBackHold: boolean }
  | { ok: false; message: string };

const FINISHED = new Set(['COMPLETED', 'AUDITED', 'POSTED']);

/**
 * Gate-out: the trip's ticket is complete (net known), or the site closed it by confirmation (the
 * truck leaves loaded, 车辆重出, or empty, 车辆空出). A closed trip carried nothing off the line, so
 * its hold goes back; a completed one turned its hold into done at completion.
 */
export function decideLetout(registry: Pick<RegistryState, 'code' | 'trip'>, ticket: TicketFacts | null): LetoutDecision {
  const trip = decideTripAction(registry, 'letout');
  if (!trip.ok) return trip;
  const who = `登记单 ${registry.code}`;
  if (!ticket) return { ok: false, message: `${who} 没有过磅记录，不能出厂` };
  if (FINISHED.has(ticket.state)) return { ok: true, releaseKind: 'NORMAL', giveBackHold: false };
  if (ticket.state === 'CLOSED' && ticket.closeKind) return { ok: true, releaseKind: ticket.closeKind, giveBackHold: true };
  return { ok: false, message: `${who} 的磅单 ${ticket.code} 未完成过磅，不能出厂` };
}

/**
 * What a trip let out gives back to its notice line. The hold is the registry's until a ticket
 * takes it over, so whichever holds it gives it back, once; only a trip closed by confirmation
 * gives anything back (a completed one turned its hold into done at completion).
 */
export function letoutGiveBack(
  giveBackHold: boolean,
  registry: { status: DocStatus; reserved: string; noticeLineId: string | null },
  ticketReserved: string | null,
): { release: string | null; clearTicket: boolean } {
  if (!giveBackHold || !registry.noticeLineId) return { release: null, clearTicket: false };
  const held = Decimal.max(registry.reserved, ticketReserved ?? 0);
  return {
    release: registry.status === 'AUDITED' && held.greaterThan(0) ? held.toFixed() : null,
    clearTicket: ticketReserved !== null && new Decimal(ticketReserved).greaterThan(0),
  };
}
