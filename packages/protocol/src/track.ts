import Decimal from 'decimal.js';

/**
 * The track scale's figures (轨道衡), pure: a wagon's net and its loss against the waybill, the
 * allowance the loss terms give it, what lies beyond it and what that costs, and a train's totals.
 * Weights are tons with three decimals (kg); computed with decimals, never binary floating point.
 * Shared by the server (audit, figures, print) and the web (the train form's live totals line).
 *
 *   net       = gross - tare (the tare stencilled on the wagon, 标重, or weighed)
 *   loss      = waybill - net (negative: the wagon weighed more than its waybill)
 *   tolerance = PERMILLE: waybill x allowance / 1000, rounded half up to the kg; TONS: the allowance
 *               per wagon; no terms: 0
 *   overLoss  = loss - tolerance when positive, else 0
 *   charged   = overLoss when the terms CHARGE it (taken off the settled quantity), 0 when they FLAG it
 */
export type LossBasis = 'PERMILLE' | 'TONS';
export type LossHandling = 'CHARGE' | 'FLAG';

export interface LossTerms {
  basis: LossBasis | null;
  allowance: Decimal.Value | null;
  handling: LossHandling;
}

export interface WagonWeights {
  gross: Decimal.Value | null;
  tare: Decimal.Value | null;
  waybill: Decimal.Value | null;
}

export interface WagonFigures {
  net: string | null;
  loss: string | null;
  tolerance: string | null;
  overLoss: string | null;
  charged: string | null;
  /** the loss is beyond the tolerance */
  flagged: boolean;
}

const tons = (d: Decimal) => d.toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(3);

/** The tolerance the terms give a wagon of this waybill weight. */
export function toleranceOf(terms: LossTerms, waybill: Decimal.Value): Decimal {
  if (terms.basis === null || terms.allowance === null) return new Decimal(0);
  if (terms.basis === 'TONS') return new Decimal(terms.allowance).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
  return new Decimal(waybill).times(terms.allowance).dividedBy(1000).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
}

/** A wagon's figures: net once weighed; loss, tolerance and what lies beyond once its waybill is known. */
export function wagonFigures(w: WagonWeights, terms: LossTerms): WagonFigures {
  if (w.gross === null || w.tare === null) return { net: null, loss: null, tolerance: null, overLoss: null, charged: null, flagged: false };
  const net = new Decimal(w.gross).minus(w.tare);
  if (w.waybill === null) return { net: tons(net), loss: null, tolerance: null, overLoss: null, charged: null, flagged: false };
  const loss = new Decimal(w.waybill).minus(net);
  const tolerance = toleranceOf(terms, w.waybill);
  const over = Decimal.max(loss.minus(tolerance), 0);
  return {
    net: tons(net), loss: tons(loss), tolerance: tons(tolerance), overLoss: tons(over),
    charged: tons(terms.handling === 'CHARGE' ? over : new Decimal(0)), flagged: over.gt(0),
  };
}

export interface TrainTotals {
  wagons: number;
  gross: string;
  tare: string;
  net: string;
  waybill: string;
  loss: string;
  tolerance: string;
  overLoss: string;
  charged: string;
  /** wagons whose loss is beyond their tolerance */
  flagged: number;
}

/** The train's totals over its wagons (a wagon not yet weighed adds nothing but its count). */
export function trainTotals(wagons: readonly (WagonWeights & { figures: WagonFigures })[]): TrainTotals {
  const sum = (pick: (w: WagonWeights & { figures: WagonFigures }) => Decimal.Value | null) =>
    tons(wagons.reduce((s, w) => { const v = pick(w); return v === null ? s : s.plus(v); }, new Decimal(0)));
  return {
    wagons: wagons.length,
    gross: sum((w) => w.gross), tare: sum((w) => w.tare), net: sum((w) => w.figures.net), waybill: sum((w) => w.waybill),
    loss: sum((w) => w.figures.loss), tolerance: sum((w) => w.figures.tolerance), overLoss: sum((w) => w.figures.overLoss),
    charged: sum((w) => w.figures.charged), flagged: wagons.filter((w) => w.figures.flagged).length,
  };
}
