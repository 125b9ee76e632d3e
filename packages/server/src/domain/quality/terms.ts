import Decimal from 'decimal.js';

/**
 * The contract's quality terms applied to one sample's results (domain notes "Quality"): pure, no
 * I/O. A term is what wb_contract_quality stores per material and assay item (domain/contract/quality.ts)
 * with the two readings migration 046 adds: how a deduction is counted and how a price band moves.
 */
export type DeductBasis = 'NET' | 'DRY';
export type BandMode = 'STEP' | 'PROPORTIONAL';
export interface QualityTerm {
  itemCode: string;
  itemName: string;
  standardValue: Decimal.Value;
  /** MAX: the value should not be above the standard (moisture, sulphur); MIN: not below (calorific value) */
  direction: 'MAX' | 'MIN';
  deductStep: Decimal.Value | null;
  deductPercent: Decimal.Value | null;
  /** NET: share = excess / step x percent / 100; DRY: share = excess / step x percent / (100 - standard) */
  deductBasis: DeductBasis;
  bandStep: Decimal.Value | null;
  bandPrice: Decimal.Value | null;
  /** STEP: whole steps only (every 100 kcal/kg); PROPORTIONAL: the price moves in proportion to the deviation */
  bandMode: BandMode;
  rejectLimit: Decimal.Value | null;
}
export interface ItemResult { itemCode: string; value: Decimal.Value }

export interface ItemOutcome {
  itemCode: string;
  itemName: string;
  value: string;
  standardValue: string;
  /** how far the value is on the wrong side of the standard, 0 when it meets it */
  excess: string;
  /** the share of the net this item deducts, as a fraction (0.02 = 2 %) */
  deductShare: string;
  /** the unit price change this item decides (negative lowers the price) */
  priceAdjust: string;
  rejected: boolean;
}
export interface SampleJudgement {
  items: ItemOutcome[];
  /** the items' shares added: every item's deduction is of the same net, not of what another one left */
  deductShare: Decimal;
  priceAdjust: Decimal;
  rejected: boolean;
  /** terms whose item has no result yet: nothing is decided on a guess */
  missing: string[];
}

const ZERO = new Decimal(0);
// spec: division by zero gives 0
const div = (a: Decimal, b: Decimal) => (b.isZero() ? ZERO : a.div(b));

/** The signed distance to the standard in the item's good direction: positive is better than the standard. */
function better(t: QualityTerm, value: Decimal): Decimal {
  const std = new Decimal(t.standardValue);
  return t.direction === 'MIN' ? value.minus(std) : std.minus(value);
}

/** One item's deduction share: only a value on the wrong side of the standard deducts. */
export function deductShareOf(t: QualityTerm, value: Decimal): Decimal {
  if (t.deductStep === null || t.deductPercent === null) return ZERO;
  const excess = Decimal.max(better(t, value).neg(), 0);
  if (excess.isZero()) return ZERO;
  const points = div(excess, new Decimal(t.deductStep)).mul(t.deductPercent);
  const base = t.deductBasis === 'DRY' ? new Decimal(100).minus(t.standardValue) : new Decimal(100);
  return div(points, base);
}

/**
 * One item's unit price change: every band step better than the standard adds the band price,
 * every step worse takes it off (the base value of a coal contract, both ways). Whole steps are
 * counted toward the standard (4 990 kcal against 5 000 in steps of 100 is no step).
 */
export function priceAdjustOf(t: QualityTerm, value: Decimal): Decimal {
  if (t.bandStep === null || t.bandPrice === null) return ZERO;
  const steps = div(better(t, value), new Decimal(t.bandStep));
  const counted = t.bandMode === 'STEP' ? steps.trunc() : steps;
  return counted.mul(t.bandPrice);
}

/** Beyond the reject limit: MAX above it, MIN below it. */
export function beyondRejectLimit(t: QualityTerm, value: Decimal): boolean {
  if (t.rejectLimit === null) return false;
  return t.direction === 'MIN' ? value.lt(t.rejectLimit) : value.gt(t.rejectLimit);
}

/** The terms of the sample's material judged against its results. */
export function judgeSample(terms: QualityTerm[], results: ItemResult[]): SampleJudgement {
  const byItem = new Map(results.map((r) => [r.itemCode, new Decimal(r.value)]));
  const items: ItemOutcome[] = [];
  const missing: string[] = [];
  let deductShare = ZERO;
  let priceAdjust = ZERO;
  let rejected = false;
  for (const t of terms) {
    const value = byItem.get(t.itemCode);
    if (value === undefined) { missing.push(t.itemCode); continue; }
    const share = deductShareOf(t, value);
    const adjust = priceAdjustOf(t, value);
    const reject = beyondRejectLimit(t, value);
    deductShare = deductShare.plus(share);
    priceAdjust = priceAdjust.plus(adjust);
    rejected ||= reject;
    items.push({
      itemCode: t.itemCode, itemName: t.itemName, value: value.toFixed(), standardValue: new Decimal(t.standardValue).toFixed(),
      excess: Decimal.max(better(t, value).neg(), 0).toFixed(), deductShare: share.toFixed(), priceAdjust: adjust.toFixed(), rejected: reject,
    });
  }
  return { items, deductShare: Decimal.min(deductShare, 1), priceAdjust, rejected, missing };
}

export interface TicketQuality {
  /** tons of the ticket's QUALITY deduction, rounded as the company records weights by the caller */
  deduction: Decimal;
  /** the unit price change, at the company's unit price decimals */
  priceAdjust: Decimal;
}

/**
 * What a judged sample makes of one of its tickets. The share is of the ticket's net before its
 * quality deduction (gross - tare - its other deductions): the quantity the vendor delivered and
 * settlement's basis, so a second item or a recheck never deducts from a deduction.
 */
export function ticketQuality(j: Pick<SampleJudgement, 'deductShare' | 'priceAdjust'>, netBeforeQuality: Decimal, unitPriceDecimals: number): TicketQuality {
  return {
    deduction: netBeforeQuality.mul(j.deductShare),
    priceAdjust: j.priceAdjust.toDecimalPlaces(Math.min(unitPriceDecimals, 4), Decimal.ROUND_HALF_UP),
  };
}
