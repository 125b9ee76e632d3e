import Decimal from 'decimal.js';

/**
 * Reconciliation (对账), without I/O: per party (a vendor's purchases, a customer's sales, a
 * carrier's hauls) and period, the tickets weighed, settled and not, and what the settlements
 * holding them were invoiced and paid. What an auditor asks for beside the customer statement.
 */
export type ReconcileParty = 'vendor' | 'customer' | 'carrier';

/** One party's sums as the database gives them (decimal text). */
export interface PartySums {
  partyId: string;
  partyName: string;
  weighedCount: number;
  weighedTons: string;
  /** the tickets' own amounts (goods); for a carrier, 0: a haul has no amount until it is settled */
  weighedAmount: string;
  settledCount: number;
  settledTons: string;
  /** the settlement rows' amounts of those tickets */
  settledAmount: string;
  /** the tickets' own amounts of the unsettled ones (goods); 0 for a carrier */
  unsettledAmount: string;
  settlementCount: number;
  /** the settlements holding the period's tickets: their totals (rows + adjustments), invoiced and paid */
  settlementTotal: string;
  invoicedAmount: string;
  paidAmount: string;
}

export interface ReconcileRow extends PartySums {
  unsettledCount: number;
  unsettledTons: string;
  /** settlement total - paid: what is still owed on the settlements */
  unpaidAmount: string;
}

export interface Reconciliation {
  party: ReconcileParty;
  from: string;
  to: string;
  rows: ReconcileRow[];
  total: Omit<ReconcileRow, 'partyId' | 'partyName'>;
}

const t = (v: Decimal.Value) => new Decimal(v).toFixed();

export function reconcileRow(s: PartySums): ReconcileRow {
  return {
    ...s,
    weighedTons: t(s.weighedTons), weighedAmount: t(s.weighedAmount), settledTons: t(s.settledTons), settledAmount: t(s.settledAmount),
    settlementTotal: t(s.settlementTotal), invoicedAmount: t(s.invoicedAmount), paidAmount: t(s.paidAmount),
    unsettledCount: s.weighedCount - s.settledCount,
    unsettledTons: new Decimal(s.weighedTons).minus(s.settledTons).toFixed(), unsettledAmount: t(s.unsettledAmount),
    unpaidAmount: new Decimal(s.settlementTotal).minus(s.paidAmount).toFixed(),
  };
}

/** The rows by party name, and the totals summed as decimals. */
export function reconciliation(party: ReconcileParty, from: string, to: string, sums: readonly PartySums[]): Reconciliation {
  const rows = sums.map(reconcileRow).sort((a, b) => a.partyName.localeCompare(b.partyName, 'zh-CN') || a.partyId.localeCompare(b.partyId));
  const sum = (pick: (r: ReconcileRow) => string) => rows.reduce((s, r) => s.plus(pick(r)), new Decimal(0)).toFixed();
  const count = (pick: (r: ReconcileRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    party, from, to, rows,
    total: {
      weighedCount: count((r) => r.weighedCount), weighedTons: sum((r) => r.weighedTons), weighedAmount: sum((r) => r.weighedAmount),
      settledCount: count((r) => r.settledCount), settledTons: sum((r) => r.settledTons), settledAmount: sum((r) => r.settledAmount),
      unsettledCount: count((r) => r.unsettledCount), unsettledTons: sum((r) => r.unsettledTons), unsettledAmount: sum((r) => r.unsettledAmount),
      settlementCount: count((r) => r.settlementCount), settlementTotal: sum((r) => r.settlementTotal), invoicedAmount: sum((r) => r.invoicedAmount),
      paidAmount: sum((r) => r.paidAmount), unpaidAmount: sum((r) => r.unpaidAmount),
    },
  };
}

/** Why a period cannot be read, or null: real days, the end not before the start, a year at most. */
export function periodRefusal(from: string, to: string): { message: string; field: string } | null {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || new Date(a).toISOString().slice(0, 10) !== from) return { message: '开始日期不是有效日期', field: 'from' };
  if (Number.isNaN(b) || new Date(b).toISOString().slice(0, 10) !== to) return { message: '结束日期不是有效日期', field: 'to' };
  if (b < a) return { message: '结束日期不能早于开始日期', field: 'to' };
  if ((b - a) / 86_400_000 + 1 > 366) return { message: '日期范围最多366天', field: 'to' };
  return null;
}
