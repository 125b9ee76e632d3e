import Decimal from 'decimal.js';

/**
 * Freight as pure decisions: which freight price fits a trip (the most specific key set that
 * matches, then the latest effective, then the later number), and what one ticket's trip earns
 * the carrier under it (basis weight, freight, loss in transit and the shortage charged at the
 * goods' price, tax). Weights are tons and amounts yuan, decimal strings in and out; arithmetic
 * results keep 3 decimals, a division by zero gives 0 (spec, "Money").
 */
export type FreightKind = 'pu' | 'sa' | 'al' | 'tr';
/** OUR_NET 我方净重, SHIPPED 原发数, LESSER 两者取小 */
export type FreightBasis = 'OUR_NET' | 'SHIPPED' | 'LESSER';
/** TON 按吨, TRIP 按车次, TON_KM 按吨公里 */
export type ChargeMode = 'TON' | 'TRIP' | 'TON_KM';
/** 合理路耗: a % of the shipped weight, or kg per trip */
export type LossMode = 'PERCENT' | 'KG';

export const FREIGHT_KINDS: readonly FreightKind[] = ['pu', 'sa', 'al', 'tr'];

/** What a freight price (or a plan's typed price) says about paying a trip. */
export interface FreightTerms {
  basis: FreightBasis;
  chargeMode: ChargeMode;
  price: string;
  taxRate: string | null;
  /** the route's distance for TON_KM; a ticket's own distance wins */
  distanceKm: string | null;
  lossMode: LossMode | null;
  lossValue: string | null;
}

/** The keys a freight price sets (null: any), and a trip knows (null: unknown). */
export interface FreightKeys {
  carrierId: string | null;
  routeId: string | null;
  region: string | null;
  materialId: string | null;
  materialClassId: string | null;
}

/** One freight price as resolution reads it. */
export interface FreightPick extends FreightTerms, FreightKeys {
  id: string;
  priceNo: string;
  /** the freight contract whose audit wrote the price; null for a price of its own */
  contractId: string | null;
  from: Date;
  to: Date | null;
  /** what screens show of it: 运费价格 YFJG... or 运费合同 YFHT...-1 */
  label: string;
}

/** One ticket's freight: the figures a freight plan's pound list and a freight settlement's row carry. */
export interface FreightRow {
  /** the weight the freight is paid on, by the basis */
  basisWeight: string;
  /** freight with tax: price x basis weight (x distance), or price per trip */
  freight: string;
  freightWithoutTax: string;
  freightTax: string;
  /** loss in transit: shipped - our net, never below 0 (0 when nothing was shipped by count) */
  loss: string;
  /** what the tolerance allows for this trip, in tons */
  tolerance: string;
  /** 亏吨: the loss beyond the tolerance */
  shortage: string;
  /** 亏吨扣款: the shortage at the goods' price, deducted from the freight */
  lossCharge: string;
  /** freight - loss charge: what the trip earns the carrier */
  payable: string;
}

const d = (v: Decimal.Value | null | undefined) => new Decimal(v === null || v === undefined || v === '' ? 0 : v);
const round3 = (v: Decimal) => v.toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
const text = (v: Decimal) => round3(v).toFixed();
/** a / b to 3 decimals, 0 when b is 0 */
export const divOrZero = (a: Decimal.Value, b: Decimal.Value): Decimal => (d(b).isZero() ? new Decimal(0) : round3(d(a).div(b)));

/** amount without tax = amount / (1 + rate / 100) */
export const withoutTax = (amount: Decimal.Value, taxRate: Decimal.Value | null): Decimal => divOrZero(amount, d(1).plus(d(taxRate).div(100)));

/** The weight the freight is paid on: a basis that needs the shipped weight falls back to our net when none was given. */
export function basisWeightOf(basis: FreightBasis, net: Decimal.Value, shipped: Decimal.Value | null): Decimal {
  if (shipped === null || basis === 'OUR_NET') return d(net);
  if (basis === 'SHIPPED') return d(shipped);
  return Decimal.min(d(net), d(shipped));
}

/** What the loss tolerance allows on one trip, in tons. */
export function toleranceOf(mode: LossMode | null, value: Decimal.Value | null, shipped: Decimal.Value | null): Decimal {
  if (mode === null || value === null) return new Decimal(0);
  if (mode === 'KG') return round3(d(value).div(1000));
  return shipped === null ? new Decimal(0) : round3(d(shipped).times(value).div(100));
}

export function freightOfTicket(pick: FreightTerms, t: { shipped: string | null; net: string; distanceKm?: string | null; goodsPrice: string }): FreightRow {
  const basisWeight = round3(basisWeightOf(pick.basis, t.net, t.shipped));
  const distance = d(t.distanceKm ?? pick.distanceKm);
  const freight = round3(pick.chargeMode === 'TRIP' ? d(pick.price)
    : pick.chargeMode === 'TON_KM' ? d(pick.price).times(basisWeight).times(distance) : d(pick.price).times(basisWeight));
  const freightWithoutTax = withoutTax(freight, pick.taxRate);
  const loss = t.shipped === null ? new Decimal(0) : Decimal.max(0, d(t.shipped).minus(t.net));
  const tolerance = toleranceOf(pick.lossMode, pick.lossValue, t.shipped);
  const shortage = Decimal.max(0, loss.minus(tolerance));
  const lossCharge = round3(shortage.times(t.goodsPrice));
  return {
    basisWeight: text(basisWeight), freight: text(freight), freightWithoutTax: text(freightWithoutTax), freightTax: text(freight.minus(freightWithoutTax)),
    loss: text(loss), tolerance: text(tolerance), shortage: text(shortage), lossCharge: text(lossCharge), payable: text(freight.minus(lossCharge)),
  };
}

/**
 * How specific a price is for a trip, or null when one of its keys differs from the trip's (a key
 * the trip does not know never matches). More keys set wins; between as many, the finer ones (a
 * route over a region, a material over its class).
 */
export function specificity(price: FreightKeys, trip: FreightKeys): [number, number] | null {
  let keys = 0;
  let fine = 0;
  for (const [k, isFine] of [['carrierId', 0], ['routeId', 1], ['region', 0], ['materialId', 1], ['materialClassId', 0]] as const) {
    if (price[k] === null) continue;
    if (price[k] !== trip[k]) return null;
    keys += 1;
    fine += isFine;
  }
  return [keys, fine];
}

export const inWindow = (p: Pick<FreightPick, 'from' | 'to'>, at: Date): boolean =>
  p.from.getTime() <= at.getTime() && (p.to === null || at.getTime() < p.to.getTime());

const laterNumber = (a: string, b: string): number => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

/** Is a the better price for the trip than b (both matching, with their specificities)? */
function better(a: FreightPick, sa: [number, number], b: FreightPick, sb: [number, number]): boolean {
  if (sa[0] !== sb[0]) return sa[0] > sb[0];
  if (sa[1] !== sb[1]) return sa[1] > sb[1];
  if (a.from.getTime() !== b.from.getTime()) return a.from.getTime() > b.from.getTime();
  return laterNumber(a.priceNo, b.priceNo) > 0;
}

/** The price that pays the trip at `at`, or null when none matches. */
export function pickFreightPrice<P extends FreightPick>(prices: readonly P[], trip: FreightKeys, at: Date): P | null {
  let best: P | null = null;
  let bestScore: [number, number] = [-1, -1];
  for (const p of prices) {
    if (!inWindow(p, at)) continue;
    const score = specificity(p, trip);
    if (score === null) continue;
    if (best === null || better(p, score, best, bestScore)) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

/** A window checked before it is written: null when it is sound. */
export function windowProblem(from: unknown, to: unknown): string | null {
  if (from === null || from === undefined || from === '' || to === null || to === undefined || to === '') return null;
  return new Date(String(to)).getTime() <= new Date(String(from)).getTime() ? '失效时间必须晚于生效时间' : null;
}

/** A price's or a contract line's keys: a place is a route or a region, goods a material or its class, never both. */
export function keyProblems(v: { routeId?: unknown; region?: unknown; materialId?: unknown; materialClassId?: unknown }): { field: string; message: string }[] {
  const set = (x: unknown) => x !== null && x !== undefined && x !== '';
  const problems: { field: string; message: string }[] = [];
  if (set(v.routeId) && set(v.region)) problems.push({ field: 'region', message: '线路与区域只能填写其一' });
  if (set(v.materialId) && set(v.materialClassId)) problems.push({ field: 'materialClassId', message: '物料与物料分类只能填写其一' });
  return problems;
}

/** The loss tolerance comes as a mode with its value, or not at all. */
export function lossProblem(mode: unknown, value: unknown): { field: string; message: string } | null {
  const set = (x: unknown) => x !== null && x !== undefined && x !== '';
  if (set(mode) && !set(value)) return { field: 'lossValue', message: '请填写合理路耗' };
  if (!set(mode) && set(value)) return { field: 'lossMode', message: '请选择合理路耗方式' };
  return null;
}
