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

/** One part of a split ticket: its share of the weighing, adding up as gross - tare - deductions = net. */
export interface SplitPart {
  gross: Decimal;
  tare: Decimal;
  deductions: DeductionRow[];
  deducted: Decimal;
  net: Decimal;
}

export type SplitPlan = { ok: true; parts: SplitPart[] } | { ok: false; message: string };

/**
 * One ticket's net divided into parts (each above zero, adding up to the net exactly); the ticket
 * keeps the first part and each other part becomes a ticket of its own.
 *
 * Why shares of the gross and the tare: an auditor reconciles a ticket with itself and the tickets
 * with the scale. So each part is a whole ticket (gross - tare - deductions = its net, as every
 * ticket is), and over the parts every figure adds up to what the scale weighed: the tare and each
 * deduction are shared in proportion to the parts' nets, and each part's gross is its tare, its
 * deductions and its net, so the grosses add up to the gross. A part of net over a zero tare would
 * make the lists' tare total short and show a truck that weighed nothing empty; copying the readings
 * onto every part would count the truck's weight once per part. The readings themselves are not
 * touched: they stay on the original ticket (wb_weighing), the scale's record, and each part names
 * the ticket it came from.
 *
 * Shares are in steps of the organisation's recorded weight (`step`, tons), by largest remainder,
 * so each figure's parts add up to it exactly (decimal, never float).
 */
export function planSplit(t: Weighed, deductions: DeductionRow[], parts: Decimal[], step: Decimal): SplitPlan {
  if (parts.length < 2) return { ok: false, message: '拆分至少分成两份' };
  const bad = parts.find((p) => p.lte(0));
  if (bad) return { ok: false, message: `拆分数量应大于0（${bad.toString()}）` };
  const total = parts.reduce((s, p) => s.plus(p), new Decimal(0));
  if (!total.eq(t.net)) return { ok: false, message: `拆分数量合计 ${total.toString()} 吨应等于磅单 ${t.code} 的净重 ${t.net.toString()} 吨` };
  const tares = shareOut(t.tare, parts, step);
  const kinds = deductions.map((d) => ({ row: d, shares: shareOut(d.amount, parts, step) }));
  return {
    ok: true,
    parts: parts.map((net, i) => {
      const rows = kinds.map(({ row, shares }) => {
        const amount = shares[i] as Decimal;
        // a rate is the same rate of each part; a fixed amount is shared out
        return row.mode === 'RATE' ? { ...row, amount } : { ...row, value: amount, amount };
      });
      const deducted = rows.reduce((s, d) => s.plus(d.amount), new Decimal(0));
      const tare = tares[i] as Decimal;
      return { gross: tare.plus(deducted).plus(net), tare, deductions: rows, deducted, net };
    }),
  };
}

/**
 * A figure shared out in proportion to the weights, in whole steps by largest remainder: each part
 * its step-floored share, the steps left over to the largest remainders (the earlier part on a tie).
 * A figure that is not a whole number of steps (recorded at another precision) is shared in the
 * database's 0.0001 t.
 */
export function shareOut(figure: Decimal, weights: Decimal[], step: Decimal): Decimal[] {
  const unit = figure.mod(step).isZero() ? step : new Decimal('0.0001');
  const units = figure.div(unit);
  const whole = weights.reduce((s, w) => s.plus(w), new Decimal(0));
  const exact = weights.map((w) => units.mul(w).div(whole));
  const floors = exact.map((e) => e.floor());
  let left = units.minus(floors.reduce((s, f) => s.plus(f), new Decimal(0))).toNumber();
  const order = exact.map((e, i) => ({ i, rest: e.minus(floors[i] as Decimal) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as Decimal).plus(1);
    left -= 1;
  }
  return floors.map((f) => f.mul(unit));
}
