import Decimal from 'decimal.js';
import { payAmount, payTax, type PayRounding } from '@wb/protocol';

/**
 * The customer's money as pure decisions: what is available, what a truck freezes, whether money
 * control lets it go, and how a statement adds up. Amounts are decimal strings in and out; the
 * money held or paid is in cents (protocol payAmount, the plant's rule payRounding).
 */
export type MoneyControl = 'NONE' | 'WARN' | 'FORBID';

export interface AccountFigures {
  /** audited receipts minus audited refunds */
  received: Decimal.Value;
  /** audited credit valid today */
  credit: Decimal.Value;
  consumed: Decimal.Value;
  frozen: Decimal.Value;
}

const d = (v: Decimal.Value | null | undefined) => new Decimal(v ?? 0);

/** available = audited receipts (minus refunds) + valid credit - consumed - frozen */
export const availableOf = (a: AccountFigures): Decimal => d(a.received).plus(a.credit).minus(a.consumed).minus(a.frozen);

/** What is missing for `need`; zero when the available covers it. */
export const shortfallOf = (need: Decimal.Value, available: Decimal.Value): Decimal => Decimal.max(0, d(need).minus(available));

/** A truck's freeze: its pre-load times the unit price, money held, so in cents by the plant's rule; nothing without a price. */
export const freezeAmountOf = (preQuantity: Decimal.Value | null, unitPrice: Decimal.Value | null, rule: PayRounding = 'halfUp'): Decimal =>
  preQuantity === null || unitPrice === null ? new Decimal(0) : payAmount(d(preQuantity).times(unitPrice), rule);

/** 12345.6 -> '12,345.60': yuan with thousands separators and 2 decimals, as the statement and messages show money. */
export function moneyText(v: Decimal.Value): string {
  const fixed = d(v).toFixed(2, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-');
  const [whole, cents] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

export const shortfallMessage = (customer: string, need: Decimal.Value, available: Decimal.Value): string =>
  `客户 ${customer} 可用余额不足：需 ${moneyText(need)} 元，可用 ${moneyText(available)} 元，差 ${moneyText(shortfallOf(need, available))} 元`;

export type ControlDecision = { ok: true; warning: string | null } | { ok: false; message: string };

/**
 * Money control at a sales registry's freeze: NONE lets it go silently, WARN lets it go with the
 * shortfall as a warning, FORBID refuses it naming the shortfall.
 */
export function decideFreeze(control: MoneyControl, customer: string, need: Decimal.Value, available: Decimal.Value): ControlDecision {
  if (d(need).lte(0) || shortfallOf(need, available).isZero() || control === 'NONE') return { ok: true, warning: null };
  const message = shortfallMessage(customer, need, available);
  return control === 'FORBID' ? { ok: false, message } : { ok: true, warning: message };
}

/**
 * Taking money out of the account by a document (a refund audited, a receipt or a credit line
 * withdrawn) never leaves the available below zero: that money is spent or promised to a truck
 * already, whatever the customer's control.
 */
export function decideWithdrawal(customer: string, amount: Decimal.Value, available: Decimal.Value): string | null {
  return d(amount).gt(available) ? shortfallMessage(customer, amount, available) : null;
}

export type ReceiptKind = 'RECEIPT' | 'REFUND';

/** How an audit or un-audit of a receipt or refund moves the balance (the received figure). */
export function receiptDelta(kind: ReceiptKind, action: 'audit' | 'unaudit', amount: Decimal.Value): Decimal {
  const sign = (kind === 'RECEIPT') === (action === 'audit') ? 1 : -1;
  return d(amount).times(sign);
}

/** The ledger's word for a receipt's movement. */
export const receiptLedgerKind = (kind: ReceiptKind, action: 'audit' | 'unaudit') =>
  action === 'audit' ? kind : (`${kind}_WITHDRAWN` as const);

/**
 * Tax included in a receipt's amount at a rate: amount x rate / (100 + rate), rounded to the cent
 * once by the plant's rule (protocol payTax): 100 at 13% is 11.50, never 11.504.
 */
export function taxOf(amount: Decimal.Value, rate: Decimal.Value | null, rule: PayRounding = 'halfUp'): Decimal {
  if (rate === null) return new Decimal(0);
  return payTax(amount, rate, rule).tax;
}

/**
 * A receipt or refund is audited by a second person (the lab's rule for results, domain/quality
 * checkerProblem): whoever recorded it (created it) may not audit it, unless an approval flow
 * decided the audit (`approvedByFlow`: the flow's own steps named who approves).
 */
export function recorderAuditProblem(auditorId: string | null, recordedBy: string | null, approvedByFlow = false): string | null {
  if (approvedByFlow || auditorId === null || recordedBy === null) return null;
  return auditorId === recordedBy ? '审核人不能是录入人，请由另一人审核' : null;
}

/**
 * The statement's closing: opening + receipts (net of refunds) - consumed (net of reversals). It
 * must be the running balance after the period's last movement: a statement whose figures do not
 * add up is never handed out.
 */
export function statementClosing(opening: Decimal.Value, receipts: Decimal.Value, consumed: Decimal.Value, lastBalance: Decimal.Value | null): Decimal {
  const closing = d(opening).plus(receipts).minus(consumed);
  if (lastBalance !== null && !closing.equals(lastBalance)) throw new Error(`对账单不平：期初 ${opening} + 收款 ${receipts} - 消费 ${consumed} ≠ 期末 ${lastBalance}`);
  return closing;
}
