import Decimal from 'decimal.js';
import { CURRENCY_LIMIT } from '@wb/protocol';
import type { Lifecycle } from '../../platform/documents/lifecycle';
import type { PriceBasis } from '../../platform/db/schema';
import { awaitingGaugeText, basisAmount } from '../weighing/rules/amount';
import { lockHolder, type TicketLock } from '../weighing/rules/locks';
import type { PricePick } from '../price/resolve';

/**
 * The calculation's decisions, without I/O: a ticket's row (what it carries against what the
 * prices in force make of it), the totals, and whether a calculation may be locked or unlocked.
 */

/** A ticket the period counts, as the calculation reads it. */
export interface CountedTicket {
  id: string;
  ticketNo: string;
  completedAt: Date | null;
  materialId: string | null;
  net: string;
  price: string | null;
  amount: string | null;
  /** 085: what the ticket's own price is per, and its gauged volume (m3) */
  priceBasis: PriceBasis;
  gaugeVolume: string | null;
}

export interface CalcRow {
  ticketId: string;
  ticketNo: string;
  completedAt: Date | null;
  materialId: string | null;
  net: string;
  priceCarried: string | null;
  priceInForce: string | null;
  priceSource: string | null;
  priceLabel: string | null;
  /** what the price in force is per: the net weighed or the gauged volume (gaugeVolume) */
  priceBasis: PriceBasis;
  gaugeVolume: string | null;
  amountCarried: string;
  amountInForce: string;
  difference: string;
}

export interface CalcTotals {
  ticketCount: number;
  totalNet: string;
  totalCarried: string;
  totalInForce: string;
  totalDifference: string;
}

export type Decided<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * One ticket's row. The price in force is what the price chain gives for the ticket's completion
 * time as the prices stand now (a retroactive adjustment included), on that price's basis: per ton
 * of the net, or per m3 of the gauged volume; where no source knows one, the ticket's own price
 * and basis stand and there is no difference. A ticket without a price carries 0. A ticket whose
 * price in force is per m3 and that is not gauged has no amount to compare: the calculation is
 * refused, naming it, rather than pricing its tons (locked, it could no longer be gauged).
 */
export function calcRow(t: CountedTicket, pick: PricePick | null, moneyPrecision: number): Decided<CalcRow> {
  const net = new Decimal(t.net);
  const inForce = pick ? pick.price : t.price;
  const priceBasis: PriceBasis = pick ? (pick.basis ?? 'NET') : t.priceBasis;
  const priced = basisAmount({ price_basis: priceBasis, gauge_volume: t.gaugeVolume }, net, inForce, moneyPrecision);
  if (!priced.ok) return { ok: false, message: `磅单 ${t.ticketNo}：${priced.message}` };
  if (priced.awaitingGauge) return { ok: false, message: `${awaitingGaugeText(t.ticketNo)}，请先检尺再计算` };
  const carried = new Decimal(t.amount ?? 0);
  const amountInForce = new Decimal(priced.amount ?? 0);
  return {
    ok: true,
    value: {
      ticketId: t.id, ticketNo: t.ticketNo, completedAt: t.completedAt, materialId: t.materialId, net: net.toFixed(),
      priceCarried: t.price, priceInForce: inForce, priceSource: pick?.source ?? null, priceLabel: pick?.label ?? null,
      priceBasis, gaugeVolume: t.gaugeVolume === null ? null : new Decimal(t.gaugeVolume).toFixed(),
      amountCarried: carried.toFixed(), amountInForce: amountInForce.toFixed(), difference: amountInForce.minus(carried).toFixed(),
    },
  };
}

/** The sums of the rows; a sum no money column holds (1e15) is refused, naming it. */
export function calcTotals(rows: readonly CalcRow[]): Decided<CalcTotals> {
  const sum = (pick: (r: CalcRow) => string) => rows.reduce((s, r) => s.plus(pick(r)), new Decimal(0));
  const carried = sum((r) => r.amountCarried);
  const inForce = sum((r) => r.amountInForce);
  const difference = sum((r) => r.difference);
  for (const [label, v] of [['原金额合计', carried], ['执行金额合计', inForce], ['差额合计', difference]] as const) {
    if (v.abs().gte(CURRENCY_LIMIT)) return { ok: false, message: `${label}不能大于或等于1000万亿` };
  }
  return {
    ok: true,
    value: { ticketCount: rows.length, totalNet: sum((r) => r.net).toFixed(), totalCarried: carried.toFixed(), totalInForce: inForce.toFixed(), totalDifference: difference.toFixed() },
  };
}

/** The engine edits and deletes an open calculation only; its own actions move the lock state. */
export const calculationLifecycle = {
  update: { from: ['FREE'], whenExtra: ['OPEN'], change: {} },
  delete: { from: ['FREE'], whenExtra: ['OPEN'], change: {} },
} as const satisfies Lifecycle;

export const LOCK_STATE_WORDS: Record<string, string> = { OPEN: '未锁磅', LOCKED: '已锁磅' };

/** The calculation as its actions see it. */
export interface CalcFacts {
  /** 销售计算 XSJS202611250001 */
  name: string;
  lockState: 'OPEN' | 'LOCKED';
  /** the version the last calculation left it at, and its version now: an edit since asks for a new one */
  calculatedVersion: number | null;
  version: number;
}

export function decideCalculate(c: CalcFacts): string | null {
  return c.lockState === 'LOCKED' ? `${c.name} 已锁磅，不能重新计算，请先解锁` : null;
}

export function decideUnlock(c: CalcFacts): string | null {
  return c.lockState === 'LOCKED' ? null : `${c.name} 未锁磅，不能解锁`;
}

/** A ticket as the lock finds it under its row lock. */
export interface TicketNow {
  ticketNo: string;
  /** counted: completed, audited or posted */
  counted: boolean;
  net: string | null;
  price: string | null;
  amount: string | null;
  lock: (TicketLock & { id: string }) | null;
}

/**
 * Whether the calculation may lock its tickets: computed and not edited since, not locked, with
 * tickets; each ticket still counted with the figures the rows hold (else the rows are stale), and
 * not locked by another document, which is named.
 */
export function decideLock(c: CalcFacts, self: TicketLock & { id: string }, rows: readonly Pick<CalcRow, 'ticketNo' | 'net' | 'priceCarried' | 'amountCarried'>[], tickets: readonly (TicketNow | null)[]): string | null {
  if (c.lockState === 'LOCKED') return `${c.name} 已锁磅，不能重复锁磅`;
  if (c.calculatedVersion === null || c.calculatedVersion !== c.version) return `${c.name} 未计算或计算后已修改，请先计算`;
  if (rows.length === 0) return `${c.name} 没有磅单，不能锁磅`;
  for (const [i, row] of rows.entries()) {
    const t = tickets[i];
    if (t?.lock && !(t.lock.kind === self.kind && t.lock.id === self.id)) return `磅单 ${row.ticketNo} 已被${lockHolder(t.lock)} 锁定`;
    const same = (a: string | null, b: string | null) => (a === null ? b === null : b !== null && new Decimal(a).eq(b));
    if (!t || !t.counted || !same(t.net, row.net) || !same(t.price, row.priceCarried) || !new Decimal(t.amount ?? 0).eq(row.amountCarried)) {
      return `磅单 ${row.ticketNo} 自计算后已变更，请重新计算`;
    }
  }
  return null;
}
