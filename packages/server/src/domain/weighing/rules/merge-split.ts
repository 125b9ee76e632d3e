import Decimal from 'decimal.js';

/**
 * Merge and split of completed tickets (domain notes: merge and split act on completed, unposted
 * tickets). Pure: what the kept ticket and the new ones weigh. Weights are tons.
 */
export interface Weighed {
  code: string;
  materialId: string | null;
  noticeLineId: string | null;
  gross: Decimal;
  tare: Decimal;
  deducted: Decimal;
  net: Decimal;
}

export type MergePlan = { ok: true; gross: Decimal; tare: Decimal; deducted: Decimal; net: Decimal } | { ok: false; message: string };

/** Several tickets of one material and one notice line become the first: every figure summed, so the line's done does not move. */
export function planMerge(tickets: Weighed[]): MergePlan {
  if (tickets.length < 2) return { ok: false, message: '合并至少选择两张磅单' };
  const [first] = tickets as [Weighed, ...Weighed[]];
  const other = tickets.find((t) => t.materialId !== first.materialId);
  if (other) return { ok: false, message: `磅单 ${other.code} 与 ${first.code} 物料不同，不能合并` };
  const line = tickets.find((t) => t.noticeLineId !== first.noticeLineId);
  if (line) return { ok: false, message: `磅单 ${line.code} 与 ${first.code} 不是同一通知单明细，不能合并` };
  const sum = (pick: (t: Weighed) => Decimal) => tickets.reduce((s, t) => s.plus(pick(t)), new Decimal(0));
  return { ok: true, gross: sum((t) => t.gross), tare: sum((t) => t.tare), deducted: sum((t) => t.deducted), net: sum((t) => t.net) };
}

/** A deduction row as the ticket keeps it (wb_ticket_deduction): what was typed, and the tons it came to. */
export interface DeductionRow {
  kind: string;
  mode: 'AMOUNT' | 'RATE';
  value: Decimal;
  amount: Decimal;
}

/**
 * The deduction rows of the merged ticket, one per kind, so its list adds up to its summed deduct
 * total: each kind's tons summed. A kind that every merged ticket took at the same rate stays that
 * rate (扣水 2% of every trip is 2% of them all); otherwise the sum stands as an amount, since a rate
 * of some trips, or two different rates, is no rate of the whole.
 */
export function mergeDeductions(tickets: DeductionRow[][]): DeductionRow[] {
  const kinds = [...new Set(tickets.flat().map((d) => d.kind))].sort();
  return kinds.map((kind) => {
    const rows = tickets.map((t) => t.find((d) => d.kind === kind));
    const amount = rows.reduce((s, d) => s.plus(d?.amount ?? 0), new Decimal(0));
    const first = rows[0];
    const sameRate = first?.mode === 'RATE' && rows.every((d) => d?.mode === 'RATE' && d.value.eq(first.value));
    return sameRate ? { kind, mode: 'RATE', value: first.value, amount } : { kind, mode: 'AMOUNT', value: amount, amount };
  });
}

export type SplitPlan = { ok: true; kept: { gross: Decimal; net: Decimal }; parts: Decimal[] } | { ok: false; message: string };

/**
 * One ticket's net divided into parts (each above zero, adding up to the net exactly): the ticket
 * keeps the first part (its gross lowered by what left, so gross - tare - deductions = its net) and
 * each other part becomes a ticket of its own net, weighed as that net over no tare.
 */
export function planSplit(t: Weighed, parts: Decimal[]): SplitPlan {
  if (parts.length < 2) return { ok: false, message: '拆分至少分成两份' };
  const bad = parts.find((p) => p.lte(0));
  if (bad) return { ok: false, message: `拆分数量应大于0（${bad.toString()}）` };
  const total = parts.reduce((s, p) => s.plus(p), new Decimal(0));
  if (!total.eq(t.net)) return { ok: false, message: `拆分数量合计 ${total.toString()} 吨应等于磅单 ${t.code} 的净重 ${t.net.toString()} 吨` };
  const [first, ...rest] = parts as [Decimal, ...Decimal[]];
  return { ok: true, kept: { gross: t.gross.minus(t.net.minus(first)), net: first }, parts: rest };
}
