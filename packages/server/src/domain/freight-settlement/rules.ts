import Decimal from 'decimal.js';
import { CURRENCY_LIMIT, payTotal, type PayRounding } from '@wb/protocol';

/**
 * The freight settlement's decisions, without I/O: a carrier's rows (one per ticket, priced by the
 * freight rules), the fuel-card advances the settlement deducts, and its totals. Freight = freight
 * price x basis weight, minus the loss charges (亏吨扣款), minus the fuel advances; tax is the
 * freight's own (the carrier invoices the haulage; a loss charge and an advance only reduce what is
 * paid).
 */

/** One ticket as a freight settlement row holds it (the figures the freight rules gave it). */
export interface FreightSettleRow {
  ticketId: string;
  ticketNo: string;
  /** the weight the freight is charged on (our net, the shipped quantity or the lesser), tons */
  basisWeight: string;
  freightPrice: string;
  /** freight price x basis weight (or per trip, per ton-km), before the loss charge */
  freightAmount: string;
  /** the shortage beyond the tolerance (亏吨), tons, and its charge at the goods' price */
  shortage: string;
  lossCharge: string;
  taxRate: string;
  /** the freight's tax and the freight without it (the freight rules' figures) */
  freightTax: string;
  freightWithoutTax: string;
}

/** An advance as the settlement may deduct it: confirmed, not yet deducted, oldest first. */
export interface FuelAdvance {
  id: string;
  amount: string;
}

export interface FreightTotals {
  ticketCount: number;
  totalBasis: string;
  totalFreight: string;
  totalLoss: string;
  totalFuel: string;
  /**
   * what the carrier is paid: freight - loss charges - fuel advances, in cents, rounded once by the
   * plant's rule (payRounding); the rows keep the precision they were priced at
   */
  payable: string;
  /** the payable's tax and the payable without it, in cents (the tax is the freight's, rounded once) */
  payableTax: string;
  payableWithoutTax: string;
  /** the freight's tax and the freight without it: the rows' sums */
  freightTax: string;
  freightWithoutTax: string;
  /** what rounding to the cent added: the settlement's automatic ROUNDING adjustment row (0 when none) */
  rounding: { amount: string; tax: string; amountExTax: string };
}

export type Decided<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The advances a settlement deducts: whole advances, oldest first, while what is left to pay
 * (freight - loss charges) stays at or above zero. An advance that does not fit stays open for the
 * carrier's next settlement (an advance is deducted once, never in parts, so it is either in one
 * settlement or still open).
 */
export function advancesToDeduct(freightLessLoss: Decimal.Value, open: readonly FuelAdvance[]): FuelAdvance[] {
  let left = new Decimal(freightLessLoss);
  const taken: FuelAdvance[] = [];
  for (const a of open) {
    const amount = new Decimal(a.amount);
    if (amount.lte(0) || amount.gt(left)) continue;
    taken.push(a);
    left = left.minus(amount);
  }
  return taken;
}

/**
 * The totals of the rows and the advances deducted; a sum no money column holds (1e15) is refused,
 * naming it. The payable is rounded to the cent once (rule: the plant's payRounding), and what the
 * rounding added is the rounding row, so rows + adjustment rows = the payable exactly.
 */
export function freightTotals(rows: readonly FreightSettleRow[], advances: readonly FuelAdvance[], rule: PayRounding = 'halfUp'): Decided<FreightTotals> {
  const sum = (pick: (r: FreightSettleRow) => string) => rows.reduce((s, r) => s.plus(pick(r)), new Decimal(0));
  const freight = sum((r) => r.freightAmount);
  const loss = sum((r) => r.lossCharge);
  const fuel = advances.reduce((s, a) => s.plus(a.amount), new Decimal(0));
  const tax = sum((r) => r.freightTax);
  const payable = freight.minus(loss).minus(fuel);
  for (const [label, v] of [['运费合计', freight], ['亏吨扣款合计', loss], ['应付运费', payable]] as const) {
    if (v.abs().gte(CURRENCY_LIMIT)) return { ok: false, message: `${label}不能大于或等于1000万亿` };
  }
  const withoutTax = sum((r) => r.freightWithoutTax);
  const paid = payTotal({ amount: payable, tax, amountExTax: withoutTax.minus(loss).minus(fuel) }, rule);
  return {
    ok: true,
    value: {
      ticketCount: rows.length, totalBasis: sum((r) => r.basisWeight).toFixed(), totalFreight: freight.toFixed(), totalLoss: loss.toFixed(),
      totalFuel: fuel.toFixed(), payable: paid.total.amount.toFixed(), payableTax: paid.total.tax.toFixed(), payableWithoutTax: paid.total.amountExTax.toFixed(),
      freightTax: tax.toFixed(), freightWithoutTax: withoutTax.toFixed(),
      rounding: { amount: paid.rounding.amount.toFixed(), tax: paid.rounding.tax.toFixed(), amountExTax: paid.rounding.amountExTax.toFixed() },
    },
  };
}

/** A ticket as the claim finds it under its row lock. */
export interface ClaimedTicket {
  ticketNo: string;
  kind: string;
  carrierId: string | null;
  /** completed, audited or posted, and not voided */
  counted: boolean;
  freightSettledByNo: string | null;
}

/**
 * Whether a settlement of this carrier may take these tickets: each of its kind and the carrier, counted, and in
 * no freight settlement (the one holding it is named).
 */
export function decideClaim(s: { kind: string; kindLabel: string; carrierId: string }, wanted: readonly string[], found: ReadonlyMap<string, ClaimedTicket>): string | null {
  if (wanted.length === 0) return '请选择磅单';
  for (const id of wanted) {
    const t = found.get(id);
    if (!t) return `磅单不存在: ${id}`;
    if (t.freightSettledByNo !== null) return `磅单 ${t.ticketNo} 已被运费结算 ${t.freightSettledByNo} 锁定`;
    if (t.kind !== s.kind) return `磅单 ${t.ticketNo} 不是${s.kindLabel}磅单`;
    if (t.carrierId !== s.carrierId) return `磅单 ${t.ticketNo} 不是该承运商的磅单`;
    if (!t.counted) return `磅单 ${t.ticketNo} 未完成或已作废，不能结算`;
  }
  return null;
}
