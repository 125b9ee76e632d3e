import Decimal from 'decimal.js';
import type { ChangeNote } from '../../platform/audit/log';
import type { TicketState as DbTicketState } from '../../platform/db/schema';
import { TICKET_KIND_INFO, type TicketKind } from './kinds';
import { STATE_FROM_DB } from './repo';
import { DEDUCTION_WORDS, type Deduction, type DeductionKind } from './rules/net';
import type { WeighingRecord } from './rules/snapshot';
import { STATE_WORDS } from './rules/transitions';

/**
 * What the operation log says of a ticket's change (pure): the kind's ticket word as the family
 * (采购过磅单), the ticket number, and a short before/after of the figures that moved. Weights are
 * the server's tons.
 */
export const ticketNote = (kind: TicketKind, action: string, docNo: string, detail: string | null = null): ChangeNote => ({
  action, family: TICKET_KIND_INFO[kind].label, docNo, detail,
});

const shown = (v: string | number | Decimal | null | undefined): string => (v === null || v === undefined ? '空' : new Decimal(v).toFixed());
/** a weight in tons as the log shows it: 20.2t, 空 when there is none */
export const tonsText = (v: string | number | Decimal | null | undefined): string => (v === null || v === undefined ? '空' : `${shown(v)}t`);
const change = (what: string, before: string, after: string) => `${what} ${before} -> ${after}`;

const STORED_WORDS: Record<WeighingRecord['source'], string> = { scale: '', last: '（上次皮重）', average: '（平均皮重）', standard: '（标准皮重）' };
const reading = (r: WeighingRecord) => `${r.side === 'gross' ? '毛重' : '皮重'} ${tonsText(r.weight)}${STORED_WORDS[r.source]}`;

export const firstWeighingNote = (kind: TicketKind, ticketNo: string, first: WeighingRecord): ChangeNote =>
  ticketNote(kind, 'firstWeigh', ticketNo, `读数 ${reading(first)}`);

export function secondWeighingNote(
  kind: TicketKind, ticketNo: string, second: WeighingRecord, figures: { gross: Decimal; tare: Decimal; deducted: Decimal; net: Decimal }, siloBatchNo: string | null = null,
): ChangeNote {
  const deducted = figures.deducted.isZero() ? '' : ` 扣重 ${tonsText(figures.deducted)}`;
  const batch = siloBatchNo ? `；批次号 ${siloBatchNo}（按筒仓当前批次）` : '';
  return ticketNote(kind, 'secondWeigh', ticketNo, `读数 ${reading(second)}；毛重 ${tonsText(figures.gross)} 皮重 ${tonsText(figures.tare)}${deducted} 净重 ${tonsText(figures.net)}${batch}`);
}

/** A state move of the batch actions: 已完成 -> 已审核. */
export const stateWords = (from: DbTicketState, to: DbTicketState): string =>
  change('状态', STATE_WORDS[STATE_FROM_DB[from]], STATE_WORDS[STATE_FROM_DB[to]]);

export const printNote = (kind: TicketKind, ticketNo: string, count: number): ChangeNote => ticketNote(kind, 'print', ticketNo, `第${count}次打印`);

const deductionText = (d: Deduction | undefined): string => (d === undefined ? '无' : 'rate' in d ? `${shown(d.rate)}%` : tonsText(d.amount));

/** 扣重: every deduction whose figure changed, then the net. */
export function deductNote(
  kind: TicketKind, ticketNo: string, before: Deduction[], after: Deduction[], net: { before: string | null; after: string | null },
): ChangeNote {
  const kinds = [...new Set([...before, ...after].map((d) => d.kind))] as DeductionKind[];
  const parts = kinds.flatMap((k) => {
    const b = deductionText(before.find((d) => d.kind === k));
    const a = deductionText(after.find((d) => d.kind === k));
    return b === a ? [] : [change(DEDUCTION_WORDS[k], b, a)];
  });
  parts.push(change('净重', tonsText(net.before), tonsText(net.after)));
  return ticketNote(kind, 'deduct', ticketNo, parts.join('；'));
}

export const priceNote = (kind: TicketKind, ticketNo: string, price: { before: string | null; after: string }, amount: { before: string | null; after: string | null }, reason: string): ChangeNote =>
  ticketNote(kind, 'modifyPrice', ticketNo, `${change('单价', shown(price.before), shown(price.after))}；${change('金额', shown(amount.before), shown(amount.after))}；原因：${reason}`);
