import Decimal from 'decimal.js';
import { CURRENCY_LIMIT, payTotal, SITE_DEDUCTION_KINDS, SITE_DEDUCTION_WORDS, ticketAmount, type PayRounding, type SiteDeductionKind } from '@wb/protocol';
import type { PriceBasis } from '../../platform/db/schema';
import { awaitingGaugeText, basisAmount, type AmountBasis } from '../weighing/rules/amount';
import type { SettleBasis, SettlementState } from '../../platform/db/schema';

/**
 * The goods settlement's decisions, without I/O: a ticket's row (its settled quantity by the
 * contract's basis less the quality deduction, its price with the quality price change, amount and
 * tax), the totals (sums of the rows and adjustment rows, to the last decimal) and the lifecycle.
 */

export type Decided<T> = { ok: true; value: T } | { ok: false; message: string };

/** A ticket as the settlement reads it from its own columns (and its contract's basis and tax rate). */
export interface SettleTicket {
  id: string;
  ticketNo: string;
  completedAt: Date | null;
  materialId: string | null;
  noticeId: string | null;
  contractId: string | null;
  /** the contract's settle_basis; OUR_NET when the ticket has no contract */
  basis: SettleBasis;
  /** our net as the ticket holds it: after every deduction, the quality one included */
  net: string;
  /** the vendor's shipped quantity 原发数 */
  shipped: string | null;
  /** the ticket's QUALITY deduction row (tons) */
  qualityDeduction: string;
  /** the site's deductions (扣水, 扣杂 …, tons), already out of `net`: shown beside the row, not taken again */
  siteDeductions: Partial<Record<SiteDeductionKind, string>>;
  price: string | null;
  qualityPriceAdjust: string;
  /** notice line, else contract line, else contract; 0 when none says */
  taxRate: string | null;
  /** 085: a price per m3 settles the gauged volume (m3); absent: per ton */
  priceBasis?: PriceBasis;
  gaugeVolume?: string | null;
}

export interface SettleRow {
  /** the ticket the row settles, or null when it settles a wagon */
  ticketId: string | null;
  /** the wagon of an audited train the row settles (轨道衡), or null when it settles a ticket */
  wagonId: string | null;
  /** the ticket's number, or the wagon's 车次/车号 */
  ticketNo: string;
  completedAt: Date | null;
  materialId: string | null;
  noticeId: string | null;
  contractId: string | null;
  basis: SettleBasis;
  net: string;
  shipped: string | null;
  grossNet: string;
  basisQuantity: string;
  qualityDeduction: string;
  /** the deductions by kind the row was settled with (the site's, out of the net; QUALITY, out of the basis quantity) */
  deductions: RowDeductions;
  /** the tons settled, or the m3 gauged when the price is per m3 (priceBasis) */
  quantity: string;
  /** 085: absent: per ton */
  priceBasis?: PriceBasis;
  price: string;
  qualityPriceAdjust: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
  tax: string;
  amountExTax: string;
  unitPriceExTax: string;
}

/** What an amount makes of tax: the amount without tax at the money decimals, the tax the rest, so the two add up exactly. */
export function taxOf(amount: Decimal.Value, taxRate: Decimal.Value, moneyDecimals: number): { tax: Decimal; amountExTax: Decimal } {
  const a = new Decimal(amount);
  const rate = new Decimal(taxRate);
  const exTax = a.div(rate.div(100).plus(1)).toDecimalPlaces(moneyDecimals, Decimal.ROUND_HALF_UP);
  return { tax: a.minus(exTax), amountExTax: exTax };
}

/** Unit price without tax: the amount without tax over the quantity, 0 when the quantity is 0 (spec: division by zero gives 0). */
export function unitPriceExTax(amountExTax: Decimal.Value, quantity: Decimal.Value): Decimal {
  const q = new Decimal(quantity);
  return q.isZero() ? new Decimal(0) : new Decimal(amountExTax).div(q).toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
}

/**
 * The quantity the contract's basis settles before quality: our net before the quality deduction,
 * the shipped quantity (our net when the vendor stated none) or the lesser of the two.
 */
export function basisQuantity(basis: SettleBasis, grossNet: Decimal, shipped: string | null): Decimal {
  if (basis === 'OUR_NET' || shipped === null) return grossNet;
  const s = new Decimal(shipped);
  return basis === 'SHIPPED' ? s : Decimal.min(s, grossNet);
}

/** A row's deductions by kind, in tons; a kind with nothing is left out. LOSS: a wagon's over-tolerance loss its contract charges. */
export type RowDeductions = Partial<Record<SiteDeductionKind | 'QUALITY' | 'LOSS', string>>;

/** The words of a settle basis (the contract's 结算依据). */
export const BASIS_WORDS: Record<SettleBasis, string> = { OUR_NET: '我方净重', SHIPPED: '对方原发', LESSER: '两者取小' };
export const DEDUCTION_WORDS: Record<keyof RowDeductions, string> = {
  ...Object.fromEntries(SITE_DEDUCTION_KINDS.map((k) => [k, SITE_DEDUCTION_WORDS[k].zh])) as Record<SiteDeductionKind, string>, QUALITY: '质量扣重', LOSS: '超耗扣重',
};

/** The order deductions are told in: the site's, then the quality one. */
export const DEDUCTION_ORDER: readonly (keyof RowDeductions)[] = [...SITE_DEDUCTION_KINDS, 'QUALITY', 'LOSS'];

/** The deductions a row holds: the site's that took something, then the quality one when it took something. */
export function rowDeductions(site: SettleTicket['siteDeductions'], quality: Decimal.Value): RowDeductions {
  const out: RowDeductions = {};
  for (const k of SITE_DEDUCTION_KINDS) {
    const v = site[k];
    if (v !== undefined && !new Decimal(v).isZero()) out[k] = new Decimal(v).toFixed();
  }
  if (!new Decimal(quality).isZero()) out.QUALITY = new Decimal(quality).toFixed();
  return out;
}

/**
 * Why a row holds its quantity, in words: the basis, our net and the shipped quantity it chose
 * from, the deductions by kind (扣水 0.5；质量扣重 0.04; 无扣重 when none). The dialog's tooltip,
 * the statement's 结算依据 column.
 */
export function basisText(r: Pick<SettleRow, 'basis' | 'grossNet' | 'shipped' | 'basisQuantity' | 'deductions'> & Partial<Pick<SettleRow, 'priceBasis' | 'quantity'>>, weight: (tons: string) => string = (t) => t): string {
  const chose = r.basis === 'OUR_NET' || r.shipped === null
    ? `${BASIS_WORDS[r.basis]}${r.basis !== 'OUR_NET' ? '（无原发，按我方净重）' : ''} ${weight(r.grossNet)}`
    : `${BASIS_WORDS[r.basis]}：我方 ${weight(r.grossNet)}，原发 ${weight(r.shipped)}，取 ${weight(r.basisQuantity)}`;
  const kinds = DEDUCTION_ORDER.filter((k) => r.deductions[k] !== undefined);
  const deducted = kinds.length === 0 ? '无扣重' : kinds.map((k) => `${DEDUCTION_WORDS[k]} ${weight(r.deductions[k] as string)}`).join('；');
  return r.priceBasis === 'VOLUME' ? `按检尺方量 ${new Decimal(r.quantity ?? 0).toFixed(3)}m³ 计价；${chose}；${deducted}` : `${chose}；${deducted}`;
}

/** A row's money: quantity x unit price at the money decimals, its tax at the rate (they add up exactly), the unit price without tax. */
function rowMoney(what: string, quantity: Decimal, unit: Decimal, taxRate: string | null, moneyDecimals: number)
  : Decided<Pick<SettleRow, 'unitPrice' | 'taxRate' | 'amount' | 'tax' | 'amountExTax' | 'unitPriceExTax'>> {
  const amount = ticketAmount(quantity, unit, moneyDecimals);
  if (amount.abs().gte(CURRENCY_LIMIT)) return { ok: false, message: `${what} 的金额不能大于或等于1000万亿` };
  const rate = new Decimal(taxRate ?? 0);
  const { tax, amountExTax } = taxOf(amount, rate, moneyDecimals);
  return {
    ok: true,
    value: { unitPrice: unit.toFixed(), taxRate: rate.toFixed(), amount: amount.toFixed(), tax: tax.toFixed(), amountExTax: amountExTax.toFixed(),
      unitPriceExTax: unitPriceExTax(amountExTax, quantity).toFixed() },
  };
}

/** One ticket's row. A ticket without a price settles at 0 (the price is changed on the ticket before it is settled). */
export function settleRow(t: SettleTicket, moneyDecimals: number): Decided<SettleRow> {
  const q = new Decimal(t.qualityDeduction);
  const grossNet = new Decimal(t.net).plus(q);
  const base = basisQuantity(t.basis, grossNet, t.shipped);
  const weighed = Decimal.max(base.minus(q), 0);
  const price = new Decimal(t.price ?? 0);
  const unit = price.plus(t.qualityPriceAdjust);
  // the one pricing rule of a ticket (weighing/rules/amount.ts): per m3, the gauged volume is the quantity, the tons play no part
  const basis: AmountBasis = { price_basis: t.priceBasis ?? 'NET', gauge_volume: t.gaugeVolume ?? null };
  const priced = basisAmount(basis, weighed, price, moneyDecimals, t.qualityPriceAdjust);
  if (!priced.ok) return { ok: false, message: `磅单 ${t.ticketNo} 的金额不能大于或等于1000万亿` };
  if (priced.awaitingGauge) return { ok: false, message: `${awaitingGaugeText(t.ticketNo)}，不能结算，请先检尺` };
  const quantity = basis.price_basis === 'VOLUME' ? new Decimal(basis.gauge_volume as string) : weighed;
  const amount = new Decimal(priced.amount ?? 0);
  const rate = new Decimal(t.taxRate ?? 0);
  const { tax, amountExTax } = taxOf(amount, rate, moneyDecimals);
  return {
    ok: true,
    value: {
      ticketId: t.id, wagonId: null, ticketNo: t.ticketNo, completedAt: t.completedAt, materialId: t.materialId, noticeId: t.noticeId, contractId: t.contractId,
      basis: t.basis, net: new Decimal(t.net).toFixed(), shipped: t.shipped === null ? null : new Decimal(t.shipped).toFixed(), grossNet: grossNet.toFixed(),
      basisQuantity: base.toFixed(), qualityDeduction: q.toFixed(), deductions: rowDeductions(t.siteDeductions, q), quantity: quantity.toFixed(),
      ...(basis.price_basis === 'VOLUME' ? { priceBasis: 'VOLUME' as const } : {}), price: price.toFixed(),
      qualityPriceAdjust: new Decimal(t.qualityPriceAdjust).toFixed(), unitPrice: unit.toFixed(), taxRate: rate.toFixed(), amount: amount.toFixed(),
      tax: tax.toFixed(), amountExTax: amountExTax.toFixed(), unitPriceExTax: unitPriceExTax(amountExTax, quantity).toFixed(),
    },
  };
}

/**
 * A wagon of an audited train as the settlement reads it (轨道衡): its net, the over-tolerance loss
 * its train's audit stamped as charged (0 when the terms only flag it), and the price and tax rate
 * the audit stamped (the train's contract row, else the price rule in force at its arrival).
 */
export interface SettleWagon {
  id: string;
  /** 车次/车号 */
  ticketNo: string;
  /** the train's arrival */
  completedAt: Date | null;
  materialId: string | null;
  noticeId: string | null;
  contractId: string | null;
  net: string;
  /** the waybill's weight 票重 */
  waybill: string | null;
  charged: string;
  price: string | null;
  taxRate: string | null;
}

/**
 * A wagon's row: settled quantity = net - the charged over-tolerance loss (not below 0), at the
 * stamped price (0 when none), the amount at the money decimals; the waybill shown as shipped.
 */
export function settleWagonRow(w: SettleWagon, moneyDecimals: number): Decided<SettleRow> {
  const net = new Decimal(w.net);
  const charged = new Decimal(w.charged);
  const quantity = Decimal.max(net.minus(charged), 0);
  const price = new Decimal(w.price ?? 0);
  const money = rowMoney(`车皮 ${w.ticketNo}`, quantity, price, w.taxRate, moneyDecimals);
  if (!money.ok) return money;
  return {
    ok: true,
    value: {
      ticketId: null, wagonId: w.id, ticketNo: w.ticketNo, completedAt: w.completedAt, materialId: w.materialId, noticeId: w.noticeId, contractId: w.contractId,
      basis: 'OUR_NET', net: net.toFixed(), shipped: w.waybill === null ? null : new Decimal(w.waybill).toFixed(), grossNet: net.toFixed(), basisQuantity: net.toFixed(),
      qualityDeduction: '0', deductions: charged.gt(0) ? { LOSS: charged.toFixed() } : {}, quantity: quantity.toFixed(), price: price.toFixed(),
      qualityPriceAdjust: '0', ...money.value,
    },
  };
}

/** An adjustment row's figures as the totals read them. */
export interface AdjustFigures { quantity: string; amount: string; tax: string; amountExTax: string }

/** The reason of a settlement's automatic rounding row (wb_settlement_adjust.auto_rounding, migration 061). */
export const ROUNDING_REASON = '金额取整到分';

/** What rounding a total to the cent added: the automatic rounding row's figures. */
export interface RoundingFigures { amount: string; tax: string; amountExTax: string }

export interface SettleTotals {
  ticketCount: number;
  totalNet: string;
  /** the tons: the rows priced per ton and the adjustment rows (105: never added to m3) */
  totalQuantity: string;
  /** the m3 of the rows priced per m3 gauged (105) */
  totalVolume: string;
  rowsAmount: string;
  rowsTax: string;
  rowsAmountExTax: string;
  adjustAmount: string;
  adjustTax: string;
  totalAmount: string;
  totalTax: string;
  totalAmountExTax: string;
  /** what rounding the total to the cent added (the automatic rounding row; zeros when none) */
  rounding: RoundingFigures;
}

const sumOf = <T>(items: readonly T[], pick: (x: T) => Decimal.Value) => items.reduce((s, x) => s.plus(pick(x)), new Decimal(0));

/** The rows' sums as the database adds them up: `quantity` the tons of the rows per ton, `volume` the m3 of the rows per m3 gauged (105). */
export interface RowSums { ticketCount: number; net: string; quantity: string; volume: string; amount: string; tax: string; amountExTax: string }

/**
 * The header's totals from the sums of the rows and of the adjustment rows (the automatic rounding
 * row left out): the rows keep the precision they were computed at, the total (and its tax) is
 * rounded to the cent once by the plant's rule, and what that added is `rounding`, the settlement's
 * automatic rounding row, so rows + adjustment rows = the total exactly. `rule` null: the exact
 * sums (a sub-settlement, whose totals are its rows' sums). A sum no money column holds is refused.
 */
export function totalsOf(rows: RowSums, adjusts: AdjustFigures, rule: PayRounding | null = 'halfUp'): Decided<SettleTotals> {
  const exact = new Decimal(rows.amount).plus(adjusts.amount);
  for (const [label, v] of [['结算金额合计', new Decimal(rows.amount)], ['调整金额合计', new Decimal(adjusts.amount)], ['应结金额', exact]] as const) {
    if (v.abs().gte(CURRENCY_LIMIT)) return { ok: false, message: `${label}不能大于或等于1000万亿` };
  }
  const plain = (v: Decimal.Value) => new Decimal(v).toFixed();
  const exactTax = new Decimal(rows.tax).plus(adjusts.tax);
  const exactExTax = new Decimal(rows.amountExTax).plus(adjusts.amountExTax);
  const paid = rule === null
    ? { total: { amount: exact, tax: exactTax, amountExTax: exactExTax }, rounding: { amount: new Decimal(0), tax: new Decimal(0), amountExTax: new Decimal(0) } }
    : payTotal({ amount: exact, tax: exactTax, amountExTax: exactExTax }, rule);
  return {
    ok: true,
    value: {
      ticketCount: rows.ticketCount, totalNet: plain(rows.net), totalQuantity: new Decimal(rows.quantity).plus(adjusts.quantity).toFixed(),
      totalVolume: plain(rows.volume),
      rowsAmount: plain(rows.amount), rowsTax: plain(rows.tax), rowsAmountExTax: plain(rows.amountExTax),
      adjustAmount: new Decimal(adjusts.amount).plus(paid.rounding.amount).toFixed(), adjustTax: new Decimal(adjusts.tax).plus(paid.rounding.tax).toFixed(),
      totalAmount: paid.total.amount.toFixed(), totalTax: paid.total.tax.toFixed(), totalAmountExTax: paid.total.amountExTax.toFixed(),
      rounding: { amount: paid.rounding.amount.toFixed(), tax: paid.rounding.tax.toFixed(), amountExTax: paid.rounding.amountExTax.toFixed() },
    },
  };
}

/** The same from the rows and adjustment rows themselves. */
export function settleTotals(
  rows: readonly (Pick<SettleRow, 'net' | 'quantity' | 'amount' | 'tax' | 'amountExTax'> & Partial<Pick<SettleRow, 'priceBasis'>>)[], adjusts: readonly AdjustFigures[],
  rule: PayRounding | null = 'halfUp',
): Decided<SettleTotals> {
  const perM3 = (r: Partial<Pick<SettleRow, 'priceBasis'>>) => r.priceBasis === 'VOLUME';
  return totalsOf(
    { ticketCount: rows.length, net: sumOf(rows, (r) => r.net).toFixed(), quantity: sumOf(rows.filter((r) => !perM3(r)), (r) => r.quantity).toFixed(),
      volume: sumOf(rows.filter(perM3), (r) => r.quantity).toFixed(), amount: sumOf(rows, (r) => r.amount).toFixed(),
      tax: sumOf(rows, (r) => r.tax).toFixed(), amountExTax: sumOf(rows, (r) => r.amountExTax).toFixed() },
    { quantity: sumOf(adjusts, (a) => a.quantity).toFixed(), amount: sumOf(adjusts, (a) => a.amount).toFixed(), tax: sumOf(adjusts, (a) => a.tax).toFixed(),
      amountExTax: sumOf(adjusts, (a) => a.amountExTax).toFixed() },
    rule,
  );
}

/**
 * A settlement's quantity in words, tons and m3 never added (105): `75` when every row is per ton
 * (as before), `12.5 吨、17.331 方` when rows per m3 gauged are in it.
 */
export function quantityWords(tons: Decimal.Value, m3: Decimal.Value): string {
  const volume = new Decimal(m3);
  return volume.isZero() ? new Decimal(tons).toFixed() : `${new Decimal(tons).toFixed()} 吨、${volume.toFixed()} 方`;
}

/** The fd sub-settlement a row falls in: its delivery batch (the notice), else its contract, else its material. */
export const fdKey = (r: Pick<SettleRow, 'noticeId' | 'contractId' | 'materialId'>): string =>
  r.noticeId ? `n${r.noticeId}` : r.contractId ? `c${r.contractId}` : `m${r.materialId ?? ''}`;

export const STATE_WORDS: Record<SettlementState, string> = { DRAFT: '草稿', EXAMINED: '已审核', PAID: '已付款', CLOSED: '已关闭' };

/** The settlement as its actions see it. */
export interface SettleFacts {
  /** 采购结算 CGJS202611250001 */
  name: string;
  state: SettlementState;
  ticketCount: number;
  paidAmount: string;
  invoicedAmount: string;
  totalAmount: string;
}

/** confirmPounds and the adjustment rows change a draft only: an examined settlement's figures are what was examined. */
export function decideEditPounds(s: SettleFacts): string | null {
  return s.state === 'DRAFT' ? null : `${s.name} ${STATE_WORDS[s.state]}，不能修改磅单，请先反审核`;
}

export function decideExamine(s: SettleFacts): string | null {
  if (s.state !== 'DRAFT') return `${s.name} ${STATE_WORDS[s.state]}，不能重复审核`;
  if (s.ticketCount === 0) return `${s.name} 没有磅单，请先确认磅单`;
  return null;
}

/** Un-examining gives the figures back to the accountant: not once money has moved or an invoice names them. */
export function decideUnexamine(s: SettleFacts): string | null {
  if (s.state !== 'EXAMINED') return `${s.name} ${STATE_WORDS[s.state]}，不能反审核`;
  if (!new Decimal(s.paidAmount).isZero()) return `${s.name} 已有付款，不能反审核`;
  if (!new Decimal(s.invoicedAmount).isZero()) return `${s.name} 已登记发票，不能反审核`;
  return null;
}

export function decideDelete(s: SettleFacts): string | null {
  return s.state === 'DRAFT' ? null : `${s.name} ${STATE_WORDS[s.state]}，不能删除，请先反审核`;
}

/** A payment goes against an examined settlement (or one partly paid), and never beyond what is owed. */
export function decidePayment(s: SettleFacts, amount: Decimal.Value): string | null {
  if (s.state !== 'EXAMINED') return `${s.name} ${STATE_WORDS[s.state]}，${s.state === 'DRAFT' ? '请先审核' : '不能再付款'}`;
  const left = new Decimal(s.totalAmount).minus(s.paidAmount);
  if (new Decimal(amount).gt(left)) return `付款金额 ${new Decimal(amount).toFixed()} 超过未付金额 ${left.toFixed()}`;
  return null;
}

/** The state a payment leaves: paid when the payments reach the total. */
export const stateAfterPayment = (s: Pick<SettleFacts, 'totalAmount'>, paidNow: Decimal.Value): SettlementState =>
  new Decimal(paidNow).gte(s.totalAmount) ? 'PAID' : 'EXAMINED';

export function decideInvoice(s: SettleFacts): string | null {
  return s.state === 'DRAFT' || s.state === 'CLOSED' ? `${s.name} ${STATE_WORDS[s.state]}，不能登记发票` : null;
}

export function decideClose(s: SettleFacts): string | null {
  return s.state === 'PAID' ? null : `${s.name} ${STATE_WORDS[s.state]}，付清后才能关闭`;
}

/**
 * Why a ticket of the period is no candidate, in the order a ticket is judged (the first that holds
 * names it): the goods settlement's reasons and the freight settlement's (carrier, freight price).
 */
export const EXCLUDED_REASONS = {
  NO_CARRIER: '未填承运商',
  OTHER_CARRIER: '属于其他承运商',
  NOT_COMPLETED: '未完成称重',
  NOT_AUDITED: '未审核',
  CLOSED: '已关闭',
  NO_NET: '无净重',
  HELD: '已被结算单占用',
  OTHER_CONTRACT: '不属于结算单的合同',
  NO_PRICE: '无运费价格',
} as const;
export type ExcludedReason = keyof typeof EXCLUDED_REASONS;

/** One reason with how many tickets of the period it rules out; HELD once per holding settlement (its number). */
export interface ExcludedCount { reason: ExcludedReason; label: string; count: number; settleNo: string | null }

const REASON_ORDER = Object.keys(EXCLUDED_REASONS) as ExcludedReason[];

/** The counts labelled (a held ticket names its settlement) and in the reasons' order, the largest holder first. */
export function excludedCounts(rows: readonly { reason: ExcludedReason; settleNo: string | null; count: number }[]): ExcludedCount[] {
  return rows.filter((r) => r.count > 0)
    .map((r) => ({ reason: r.reason, settleNo: r.settleNo, count: r.count, label: r.reason === 'HELD' && r.settleNo ? `已被结算单 ${r.settleNo} 占用` : EXCLUDED_REASONS[r.reason] }))
    .sort((a, b) => REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason) || b.count - a.count || (a.settleNo ?? '').localeCompare(b.settleNo ?? ''));
}

/** What the clerk reads under an empty picker: every reason with its count, or that the period has no ticket of the party at all. */
export function excludedText(list: readonly ExcludedCount[], none = '期间内没有该结算对象的磅单'): string {
  if (list.length === 0) return none;
  return `期间内的磅单不可结算：${list.map((r) => `${r.label} ${r.count} 张`).join('；')}`;
}
