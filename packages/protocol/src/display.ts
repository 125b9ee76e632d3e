import Decimal from 'decimal.js';
import { toDecimal } from './money';
import type { WeighParams } from './weigh-params';

/**
 * How every screen, message, PDF and Excel sheet shows money and weights: one format, so a figure
 * reads alike in a list, a dialog and the printed statement. Money is yuan with the sign, thousands
 * separators and 2 decimals (cents are what a party pays); a unit price keeps the precision the
 * plant sets, and a weight is shown in the plant's unit with its decimals. Empty stays empty: a
 * blank cell is not ¥0.00.
 */
export type DisplayParams = Pick<WeighParams, 'weightUnit' | 'weightPrecision' | 'unitPricePrecision'>;

export const DISPLAY_DEFAULTS: DisplayParams = { weightUnit: 't', weightPrecision: 2, unitPricePrecision: 4 };

export const MONEY_SYMBOL = '¥';
/** decimals of an amount a party pays or is paid */
export const MONEY_DECIMALS = 2;
/** a unit price never shows fewer decimals than money does, even when the plant keeps fewer */
const PRICE_MIN_DECIMALS = 2;

export const WEIGHT_UNIT_LABELS: Record<DisplayParams['weightUnit'], { zh: string; en: string }> = {
  t: { zh: '吨', en: 't' },
  kg: { zh: '千克', en: 'kg' },
};

/** 1234567.5 -> 1,234,567.50 with exactly `decimals` decimals, rounded half up. */
function grouped(d: Decimal, decimals: number): string {
  const fixed = d.abs().toFixed(decimals, Decimal.ROUND_HALF_UP);
  const [whole, fraction] = fixed.split('.');
  const withCommas = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = d.isNegative() && !new Decimal(fixed).isZero() ? '-' : '';
  return sign + (fraction ? `${withCommas}.${fraction}` : withCommas);
}

/** An amount in yuan: ¥1,214.10; -¥35.00 for a refund or a rounding row; '' for no value. */
export function formatMoney(yuan: unknown, options: { symbol?: boolean } = {}): string {
  const d = toDecimal(yuan);
  if (!d) return '';
  const text = grouped(d, MONEY_DECIMALS);
  if (options.symbol === false) return text;
  return text.startsWith('-') ? `-${MONEY_SYMBOL}${text.slice(1)}` : `${MONEY_SYMBOL}${text}`;
}

/** An amount held in cents (121410 -> ¥1,214.10). */
export function formatCents(cents: unknown, options: { symbol?: boolean } = {}): string {
  const d = toDecimal(cents);
  return d ? formatMoney(d.dividedBy(100), options) : '';
}

/** A unit price: between 2 decimals and the plant's unit price precision (350.00, 35.125), with separators. */
export function formatUnitPrice(yuan: unknown, p: Pick<DisplayParams, 'unitPricePrecision'> = DISPLAY_DEFAULTS, options: { symbol?: boolean } = {}): string {
  const d = toDecimal(yuan);
  if (!d) return '';
  const most = Math.max(p.unitPricePrecision, PRICE_MIN_DECIMALS);
  const kept = d.toDecimalPlaces(most, Decimal.ROUND_HALF_UP);
  const decimals = Math.max(PRICE_MIN_DECIMALS, kept.decimalPlaces());
  const text = grouped(kept, decimals);
  if (options.symbol === false) return text;
  return text.startsWith('-') ? `-${MONEY_SYMBOL}${text.slice(1)}` : `${MONEY_SYMBOL}${text}`;
}

/**
 * A weight held in tons, shown in the plant's unit with its decimals (31.95, or 31,950 in kg);
 * `unit: true` appends the unit's label (31.95 吨 / 31.95 t).
 */
export function formatWeight(
  tons: unknown,
  p: Pick<DisplayParams, 'weightUnit' | 'weightPrecision'> = DISPLAY_DEFAULTS,
  options: { unit?: boolean; language?: 'zh' | 'en' } = {},
): string {
  const d = toDecimal(tons);
  if (!d) return '';
  const inUnit = p.weightUnit === 'kg' ? d.times(1000) : d;
  const text = grouped(inUnit, p.weightPrecision);
  return options.unit ? `${text} ${WEIGHT_UNIT_LABELS[p.weightUnit][options.language ?? 'zh']}` : text;
}

/** A weight in the plant's unit as a number (for a chart or an Excel cell that carries its own format). */
export function weightInUnit(tons: unknown, p: Pick<DisplayParams, 'weightUnit'> = DISPLAY_DEFAULTS): number | null {
  const d = toDecimal(tons);
  if (!d) return null;
  return (p.weightUnit === 'kg' ? d.times(1000) : d).toNumber();
}

/**
 * What a template field's figure is (FieldDefinition.displayKind), declared by the family that owns
 * the column: money in yuan, a unit price in yuan per unit, or a weight held in tons. The renderers
 * key on it, never on the column's name.
 */
export const DISPLAY_KINDS = ['money', 'unitPrice', 'weight'] as const;
export type DisplayKind = (typeof DISPLAY_KINDS)[number];
export const isDisplayKind = (v: unknown): v is DisplayKind => typeof v === 'string' && (DISPLAY_KINDS as readonly string[]).includes(v);

/** A figure of the given kind as every screen shows it (money ¥1,214.10, unit price ¥350.00, weight 32.00). */
export function formatByKind(kind: DisplayKind, value: unknown, p: DisplayParams = DISPLAY_DEFAULTS, options: { unit?: boolean; language?: 'zh' | 'en' } = {}): string {
  if (kind === 'money') return formatMoney(value);
  if (kind === 'unitPrice') return formatUnitPrice(value, p);
  return formatWeight(value, p, options);
}

/** The unit's label (吨 / t, 千克 / kg). */
export const weightUnitLabel = (p: Pick<DisplayParams, 'weightUnit'> = DISPLAY_DEFAULTS, language: 'zh' | 'en' = 'zh'): string => WEIGHT_UNIT_LABELS[p.weightUnit][language];

const zeros = (n: number) => (n > 0 ? `.${'0'.repeat(n)}` : '');

/**
 * Excel number formats (a cell holds the number; the format shows it as the screens do), so a
 * sheet sums and sorts: money '"¥"#,##0.00', a weight '#,##0.00' with the plant's decimals.
 */
export const EXCEL_MONEY_FORMAT = `"${MONEY_SYMBOL}"#,##0.00;-"${MONEY_SYMBOL}"#,##0.00`;
export const excelWeightFormat = (p: Pick<DisplayParams, 'weightPrecision'> = DISPLAY_DEFAULTS): string => `#,##0${zeros(p.weightPrecision)}`;
export const excelUnitPriceFormat = (p: Pick<DisplayParams, 'unitPricePrecision'> = DISPLAY_DEFAULTS): string =>
  `"${MONEY_SYMBOL}"#,##0.00${'#'.repeat(Math.max(0, p.unitPricePrecision - PRICE_MIN_DECIMALS))}`;
