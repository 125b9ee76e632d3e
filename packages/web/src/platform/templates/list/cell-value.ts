import { DISPLAY_DEFAULTS, formatByKind, type DisplayParams, type FieldDefinition, type FieldOption } from '@wb/protocol';
import { plantDateTimeText, plantDayText } from '@/platform/plant-time';
import { displayKindOf } from '../../display/format';
import { isDayRange } from './advanced-defaults';

/** The option a stored value stands for; values compare as text ('1' and 1, 'true' and true). */
export function optionOf(options: readonly FieldOption[], value: unknown): FieldOption | undefined {
  if (value === null || value === undefined) return undefined;
  return options.find((o) => String(o.value) === String(value));
}

/**
 * Dates show as yyyy-MM-dd HH:mm:ss on the plant's clock (spec section 9); a field searched by day
 * (datePicker, datePickerRange) holds no time of day and shows yyyy-MM-dd. An unreadable value is shown as sent.
 */
export function formatDate(value: unknown, dayOnly = false): string {
  return dayOnly ? plantDayText(value) : plantDateTimeText(value);
}

export type CellText = { kind: 'tag'; label: string; color?: string } | { kind: 'text'; text: string };

/**
 * What a cell shows for a field: an option's label (a coloured tag when it has a colour), 是/否, a
 * date, a figure of a declared kind (money, unit price, weight) in the plant's format, or the text.
 */
export function cellText(
  field: Pick<FieldDefinition, 'fieldType' | 'options'> & Partial<Pick<FieldDefinition, 'searchType' | 'classType' | 'displayKind'>>,
  value: unknown,
  yesNo: { yes: string; no: string },
  display: DisplayParams = DISPLAY_DEFAULTS,
): CellText {
  const { fieldType, options } = field;
  const figure = displayKindOf(field);
  if (figure && (typeof value === 'string' || typeof value === 'number')) return { kind: 'text', text: formatByKind(figure, value, display) || String(value) };
  if (fieldType === 'ENUM' || fieldType === 'TAG' || fieldType === 'BOOLEAN') {
    const option = optionOf(options, value);
    if (option) return { kind: 'tag', label: option.label, color: option.color };
    if (fieldType === 'BOOLEAN' && value !== null && value !== undefined) {
      return { kind: 'text', text: value === true || value === 'true' || value === 1 ? yesNo.yes : yesNo.no };
    }
  }
  if (fieldType === 'DATE') return { kind: 'text', text: formatDate(value, isDayRange({ searchType: field.searchType ?? null })) };
  if (fieldType === 'NUMBER' && typeof value === 'string') return { kind: 'text', text: plainDecimal(value) };
  return { kind: 'text', text: value === null || value === undefined ? '' : String(value) };
}

/**
 * A NUMERIC as PostgreSQL sends it keeps its column's scale (31.9900 t); the plant reads 31.99.
 * Only trailing zeros after the point go: the figure itself is never rounded here.
 */
export function plainDecimal(text: string): string {
  return /^-?\d+\.\d*$/.test(text) ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * An amount of a MONEY field as an accountant reads it: 50000.0000 -> ¥50,000.00. At least two
 * decimals and never rounded (a unit price of 95.1234 keeps its four); text that is no number is shown as sent.
 */
export function moneyText(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return text;
  const cents = (m[3] ?? '').replace(/0+$/, '').padEnd(2, '0');
  const negative = m[1] === '-' && /[1-9]/.test(m[2] + cents);
  return `${negative ? '-' : ''}¥${m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
