import {
  DISPLAY_DEFAULTS, formatByKind, formatCents, formatMoney, formatUnitPrice, formatWeight, weightInUnit, weightUnitLabel,
  type DisplayKind, type DisplayParams, type FieldDefinition,
} from '@wb/protocol';

/**
 * How the web shows money and weights: the one format of protocol display.ts, with the current
 * organisation's weight unit, weight decimals and unit price precision. A screen takes a Display
 * (useDisplay) and never formats a figure by hand, so a list, a dialog and a message read alike.
 */
export interface Display {
  params: DisplayParams;
  /** ¥1,214.10 (yuan); '' for no value */
  money(yuan: unknown): string;
  /** ¥1,214.10 from 121410 cents */
  cents(cents: unknown): string;
  /** ¥350.00, ¥35.125: the plant's unit price precision */
  unitPrice(yuan: unknown): string;
  /** a weight held in tons, in the plant's unit and decimals; `unit` appends 吨 / t, 千克 / kg */
  weight(tons: unknown, options?: { unit?: boolean }): string;
  /** a weight held in tons as a number in the plant's unit (a chart's axis, a cell with its own format) */
  weightNumber(tons: unknown): number | null;
  /** a number already in the plant's unit (a chart's value from weightNumber) as the screens show a weight */
  unitWeight(value: unknown, options?: { unit?: boolean }): string;
  /** the plant's weight unit as a person reads it: 吨 / t, 千克 / kg */
  unitLabel: string;
  /** a figure of a declared kind */
  byKind(kind: DisplayKind, value: unknown): string;
}

export function displayWith(params: DisplayParams = DISPLAY_DEFAULTS, english = false): Display {
  const language = english ? 'en' : 'zh';
  return {
    params,
    money: (v) => formatMoney(v),
    cents: (v) => formatCents(v),
    unitPrice: (v) => formatUnitPrice(v, params),
    weight: (v, o) => formatWeight(v, params, { unit: o?.unit, language }),
    weightNumber: (v) => weightInUnit(v, params),
    unitWeight: (v, o) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
      return Number.isFinite(n) ? formatWeight(params.weightUnit === 'kg' ? n / 1000 : n, params, { unit: o?.unit, language }) : '';
    },
    unitLabel: weightUnitLabel(params, language),
    byKind: (kind, v) => formatByKind(kind, v, params, { language }),
  };
}

/**
 * A field's display kind: the one its family declares; a field an administrator marked MONEY
 * (classType, before kinds were declared) reads as money.
 */
export function displayKindOf(field: Partial<Pick<FieldDefinition, 'fieldType' | 'displayKind' | 'classType'>>): DisplayKind | null {
  if (field.fieldType !== undefined && field.fieldType !== 'NUMBER') return null;
  if (field.displayKind) return field.displayKind;
  return field.classType === 'MONEY' ? 'money' : null;
}

const TON_UNIT = /([(（])(吨|t)([/／)）])/;

/**
 * A weight's label in the plant's unit: 净重(吨) reads 净重(千克) where the plant weighs in kg, Net (t)
 * reads Net (kg), 途损量(吨/车) 途损量(千克/车); a label that names no unit is left as it is.
 */
export function withUnit(label: string, display: Pick<Display, 'unitLabel'>): string {
  return label.replace(TON_UNIT, `$1${display.unitLabel}$3`);
}
