import Decimal from 'decimal.js';
import type { WeighParams } from '@wb/protocol';
import { roundWeight, showTons } from './units';

/** The deductions a ticket line may carry (domain notes: net), and the words a ticket prints. */
export const DEDUCTION_KINDS = ['water', 'impurity', 'detritus', 'stone', 'other', 'quality', 'hidden'] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];
export const DEDUCTION_WORDS: Record<DeductionKind, string> = {
  water: '扣水', impurity: '扣杂', detritus: '扣渣', stone: '扣石', other: '其他扣重', quality: '质量扣重', hidden: '暗扣',
};

/** One deduction: a fixed amount in tons, or a rate in percent of the weighed net (gross - tare). */
export type Deduction = { kind: DeductionKind; amount: Decimal } | { kind: DeductionKind; rate: Decimal };

export type NetResult =
  | { ok: true; gross: Decimal; tare: Decimal; deductions: { kind: DeductionKind; weight: Decimal }[]; deducted: Decimal; net: Decimal }
  | { ok: false; message: string };

type RoundParams = Pick<WeighParams, 'weightRounding' | 'weightPrecision' | 'weightUnit'>;

/**
 * Net = gross - tare - deductions (domain notes). Every figure is rounded as the organisation
 * records weights, deductions before they are summed, so the printed lines add up to the printed
 * net. A rate is of the weighed net, not of what the other deductions leave. The material's hidden
 * deduct comes off every trip as an amount. A net below zero is refused, never stored.
 */
export function computeNet(gross: Decimal, tare: Decimal, deductions: Deduction[], hiddenDeduct: Decimal, p: RoundParams): NetResult {
  const g = roundWeight(gross, p);
  const t = roundWeight(tare, p);
  const weighed = g.minus(t);
  const all: Deduction[] = hiddenDeduct.gt(0) ? [...deductions, { kind: 'hidden', amount: hiddenDeduct }] : deductions;
  const lines = all.map((d) => ({ kind: d.kind, weight: roundWeight('amount' in d ? d.amount : weighed.mul(d.rate).div(100), p) }));
  const deducted = lines.reduce((sum, l) => sum.plus(l.weight), new Decimal(0));
  const net = weighed.minus(deducted);
  if (net.lt(0)) {
    return { ok: false, message: `净重不能小于0：毛重 ${showTons(g)} − 皮重 ${showTons(t)} − 扣重 ${showTons(deducted)} = ${showTons(net)}` };
  }
  return { ok: true, gross: g, tare: t, deductions: lines, deducted, net };
}

/**
 * What the truck is known to carry before its net is: the weighed gross less the tare when both
 * are in, else the gross (the tare is at least 0). A truck weighed empty first has no known load
 * yet: null.
 */
export function knownLoad(gross: Decimal.Value | null, tare: Decimal.Value | null): Decimal | null {
  if (gross === null) return null;
  return tare === null ? new Decimal(gross) : Decimal.max(new Decimal(gross).minus(tare), 0);
}

/**
 * Deductions never take more than what they are deducted from (domain notes: a net below zero
 * is an error): rates add up to at most 100 %, and with a known load the amounts and the rates'
 * share of it stay within it. Entered at the site before the second weighing, such a deduction
 * would leave a truck that can never complete. Null when they fit, else the message.
 */
export function deductionsBeyondLoad(load: Decimal | null, deductions: Deduction[]): string | null {
  const rate = deductions.reduce((sum, d) => ('rate' in d ? sum.plus(d.rate) : sum), new Decimal(0));
  if (rate.gt(100)) return `扣率合计 ${rate.toString()}% 超过100%`;
  if (load === null) return null;
  const amount = deductions.reduce((sum, d) => ('amount' in d ? sum.plus(d.amount) : sum), new Decimal(0));
  const total = amount.plus(load.mul(rate).div(100));
  return total.gt(load) ? `扣重合计 ${showTons(total)} 超过车辆装载 ${showTons(load)}` : null;
}

/** A deduction as a request gives it, checked: an amount of at least 0 tons or a rate from 0 to 100 %. */
export function readDeduction(kind: DeductionKind, value: { amount?: Decimal.Value | null; rate?: Decimal.Value | null }): Deduction | { error: string } {
  const word = DEDUCTION_WORDS[kind];
  const hasAmount = value.amount !== undefined && value.amount !== null && value.amount !== '';
  const hasRate = value.rate !== undefined && value.rate !== null && value.rate !== '';
  if (hasAmount && hasRate) return { error: `${word}只能填扣重或扣率其中一项` };
  try {
    if (hasRate) {
      const rate = new Decimal(value.rate as Decimal.Value);
      if (rate.lt(0) || rate.gt(100)) return { error: `${word}扣率应在0到100之间` };
      return { kind, rate };
    }
    const amount = new Decimal(hasAmount ? (value.amount as Decimal.Value) : 0);
    if (amount.lt(0)) return { error: `${word}不能小于0` };
    return { kind, amount };
  } catch {
    return { error: `${word}应为数字` };
  }
}
