import Decimal from 'decimal.js';
import type { RoundingMode, WeighParams } from '@wb/protocol';

/**
 * Weights are tons inside the rules and in the database; the organisation's unit of computation
 * (weightUnit) is what a scale sends and what rounding applies to, so 2 decimals of a ton is
 * 10 kg and 2 decimals of a kilogram is 10 g.
 */
export const KG_PER_TON = new Decimal(1000);

export const toTons = (value: Decimal.Value, unit: WeighParams['weightUnit']): Decimal =>
  unit === 'kg' ? new Decimal(value).div(KG_PER_TON) : new Decimal(value);

export const fromTons = (tons: Decimal, unit: WeighParams['weightUnit']): Decimal => (unit === 'kg' ? tons.mul(KG_PER_TON) : tons);

export const kgToTons = (kg: Decimal.Value): Decimal => new Decimal(kg).div(KG_PER_TON);

/** decimal.js rounding of each mode: carry goes up to the next step (进位), truncate drops (舍去). */
const DECIMAL_MODE: Record<RoundingMode, Decimal.Rounding> = {
  round: Decimal.ROUND_HALF_UP,
  truncate: Decimal.ROUND_DOWN,
  carry: Decimal.ROUND_UP,
};

/** A weight in tons rounded as the organisation records weights: in its unit, to its precision. */
export function roundWeight(tons: Decimal, p: Pick<WeighParams, 'weightRounding' | 'weightPrecision' | 'weightUnit'>): Decimal {
  const inUnit = fromTons(tons, p.weightUnit).toDecimalPlaces(p.weightPrecision, DECIMAL_MODE[p.weightRounding]);
  return toTons(inUnit, p.weightUnit);
}

/** A weight as messages show it: in tons with the decimals it has (3 at most, as stored). */
export const showTons = (tons: Decimal): string => `${tons.toDecimalPlaces(3).toString()} 吨`;

/** The smallest weight the organisation records, in tons (never below the database's 0.0001 t). */
export function weightStep(p: Pick<WeighParams, 'weightPrecision' | 'weightUnit'>): Decimal {
  return Decimal.max(toTons(new Decimal(10).pow(-p.weightPrecision), p.weightUnit), '0.0001');
}
