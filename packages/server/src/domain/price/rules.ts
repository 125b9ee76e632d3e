/**
 * Price rule resolution, pure: among the rules of one material, the one that prices a truck
 * completed at `at` with the keys it knows. A rule matches when every key it sets equals the
 * truck's (a set key that differs, or that the truck does not know, never matches) and its window
 * [from, to) holds `at`. The most specific match wins (more keys set), then the latest
 * effective-from, then the highest rule number (numbers rise as rules are written: the later rule).
 */

export type TransportMode = 'ROAD' | 'RAIL' | 'WATER';
export type Packing = 'BULK' | 'BAG';

export const TRANSPORT_OPTIONS = [
  { value: 'ROAD', label: '汽运' }, { value: 'RAIL', label: '火运' }, { value: 'WATER', label: '船运' },
] as const;
export const PACKING_OPTIONS = [{ value: 'BULK', label: '散装' }, { value: 'BAG', label: '袋装' }] as const;
/** 085: what a price is per: a ton weighed (净重) or a m3 gauged (检尺方量) */
export const PRICE_BASIS_OPTIONS = [{ value: 'NET', label: '按净重(元/吨)', labelEn: 'Per ton weighed' }, { value: 'VOLUME', label: '按检尺方量(元/立方米)', labelEn: 'Per m3 gauged' }] as const;

/** The keys a truck knows; null where it does not know one. */
export interface RuleKeys {
  partyId: string | null;
  routeId: string | null;
  transport: TransportMode | null;
  packing: Packing | null;
}

export interface PriceRule extends RuleKeys {
  id: string;
  ruleNo: string;
  price: string;
  taxRate: string | null;
  from: Date;
  to: Date | null;
  /** 085: a price per m3 gauged; absent: per ton weighed */
  basis?: 'VOLUME';
}

const KEYS = ['partyId', 'routeId', 'transport', 'packing'] as const;

/** How many keys the rule sets, or null when one of them differs from the truck's. */
export function specificity(rule: RuleKeys, truck: RuleKeys): number | null {
  let n = 0;
  for (const k of KEYS) {
    if (rule[k] === null) continue;
    if (rule[k] !== truck[k]) return null;
    n += 1;
  }
  return n;
}

export const inWindow = (rule: Pick<PriceRule, 'from' | 'to'>, at: Date): boolean =>
  rule.from.getTime() <= at.getTime() && (rule.to === null || at.getTime() < rule.to.getTime());

/** Numbers compared as the serial they end with when both have one of the same length, else as text. */
function laterNumber(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The rule that prices the truck, or null when none matches. */
export function pickRule<R extends PriceRule>(rules: readonly R[], truck: RuleKeys, at: Date): R | null {
  let best: R | null = null;
  let bestScore = -1;
  for (const r of rules) {
    if (!inWindow(r, at)) continue;
    const score = specificity(r, truck);
    if (score === null) continue;
    if (best === null || score > bestScore
      || (score === bestScore && (r.from.getTime() > best.from.getTime()
        || (r.from.getTime() === best.from.getTime() && laterNumber(r.ruleNo, best.ruleNo) > 0)))) {
      best = r;
      bestScore = score;
    }
  }
  return best;
}

// what a rule names: a material or a computation group (masterdata/calc-group/rules.ts)
export { TARGET_MESSAGE, targetProblem } from '../masterdata/calc-group/rules';

export type PriceBasisValue = (typeof PRICE_BASIS_OPTIONS)[number]['value'];

/** What a line prices, as its basis is checked: a material, or a computation group (gauged when every member is). */
export interface BasisTarget { kind: 'material' | 'group'; name: string; gauged: boolean }

/**
 * 096: the basis of a price adjustment's line: the one it names, else its target's (a material
 * gauged by volume is priced per m3 of its gauged volume, any other per ton weighed). A price per
 * m3 needs a target whose tickets are gauged: on any other it could never be applied.
 */
export function lineBasis(named: unknown, target: BasisTarget): { ok: true; basis: PriceBasisValue } | { ok: false; message: string } {
  const basis: PriceBasisValue = named === 'NET' || named === 'VOLUME' ? named : target.gauged ? 'VOLUME' : 'NET';
  if (basis === 'VOLUME' && !target.gauged) {
    return {
      ok: false,
      message: target.kind === 'material'
        ? `物料 ${target.name} 不按方计量，不能按检尺方量计价（请在物料档案中勾选"按方计量"，或按净重计价）`
        : `计算组 ${target.name} 有不按方计量的物料，不能按检尺方量计价`,
    };
  }
  return { ok: true, basis };
}

/** A rule's or an adjustment line's window, checked before it is written: null when it is sound. */
export function windowProblem(from: unknown, to: unknown): string | null {
  if (from === null || from === undefined || to === null || to === undefined || to === '') return null;
  return new Date(String(to)).getTime() <= new Date(String(from)).getTime() ? '失效时间必须晚于生效时间' : null;
}

/**
 * An audited adjustment is withdrawn only before it takes effect: from its effective time on,
 * trucks may have been priced by it.
 */
export function withdrawProblem(adjustNo: string, effectiveAt: Date, now: Date): string | null {
  return now.getTime() >= effectiveAt.getTime() ? `调价单 ${adjustNo} 已于 ${effectiveAt.toISOString()} 生效，不能反审核` : null;
}

/**
 * The end a rule written by an adjustment takes: the one the rule it replaces had, when exactly
 * one is replaced (a price agreed to the year's end stays so); otherwise it runs on.
 */
export function endOfReplacement(replacedEnds: readonly (Date | null)[]): Date | null {
  return replacedEnds.length === 1 ? replacedEnds[0] : null;
}
