import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDefinition } from '@wb/protocol';
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT, fromPicker, toPicker } from '@/platform/plant-time';
import { baseSubmitType, isMultiValued, isRangeType } from './submit-types';

/**
 * Converting between what the wire carries (text dates, comma lists) and what the widgets hold
 * (dayjs values, arrays), per submit type. Date format yyyy-MM-dd HH:mm:ss (spec section 9).
 */
export { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT };

type Field = Pick<FieldDefinition, 'formSubmitType' | 'fieldType' | 'options'>;

/** The pattern a date field saves with; TIME_BOX_TIM and TIME_RANGE_BOX hold times of day. */
export function wireFormat(field: Pick<FieldDefinition, 'formSubmitType'>): string {
  const type = baseSubmitType(field.formSubmitType);
  if (type === 'TIME_BOX_TIM' || type === 'TIME_RANGE_BOX') return TIME_FORMAT;
  if (type === 'DATA_BOX' || type === 'DATA_RANGE_BOX') return DATE_FORMAT;
  return DATE_TIME_FORMAT;
}

/** The spec's Java-style patterns (yyyy-MM-dd HH:mm:ss) in dayjs's tokens (YYYY-MM-DD HH:mm:ss). */
export function toDayjsPattern(pattern: string): string {
  return pattern.replace(/y/g, 'Y').replace(/d/g, 'D');
}

/** What a DATA_BOX_TIM shows: its own pattern when the type carries one (after the 13th character). */
export function displayFormat(field: Pick<FieldDefinition, 'formSubmitType'>): string {
  const type = field.formSubmitType ?? '';
  if (type.startsWith('DATA_BOX_TIM_') && type.length > 13) return toDayjsPattern(type.slice(13));
  return wireFormat(field);
}

/** A stored date as its picker holds it: an instant on the plant's clock, a wall text as it reads. */
function parseDate(value: unknown, format: string): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (dayjs.isDayjs(value)) return value;
  return toPicker(String(value), format);
}

/** Matches a stored value to the option it stands for, so '1' selects the option whose value is 1. */
function matchOption(field: Field, value: unknown): unknown {
  const found = field.options?.find((o) => String(o.value) === String(value));
  return found ? found.value : value;
}

/** A stored value as its widget holds it. */
export function toFormValue(field: Field, value: unknown): unknown {
  const type = baseSubmitType(field.formSubmitType);
  if (isRangeType(type)) {
    const parts = Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : [];
    const range = parts.map((p) => parseDate(p, wireFormat(field)));
    return range.length === 2 && range[0] && range[1] ? range : null;
  }
  if (type.startsWith('DATA_BOX') || type === 'TIME_BOX_TIM') return parseDate(value, wireFormat(field));
  if (type === 'BOOLEAN') return value === true || value === 'true' || value === 1 || value === '1';
  if (isMultiValued(type)) {
    const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
    return list.map((v) => matchOption(field, v));
  }
  if (type === 'SELECT' || type === 'SINGLE_ELECTION') return value === null || value === undefined ? value : matchOption(field, value);
  return value;
}

/** A widget's value as the wire carries it. */
export function fromFormValue(field: Field, value: unknown): unknown {
  const format = wireFormat(field);
  if (dayjs.isDayjs(value)) return fromPicker(value, format);
  if (Array.isArray(value) && value.some((v) => dayjs.isDayjs(v))) {
    return value.map((v) => (dayjs.isDayjs(v) ? fromPicker(v, format) : v));
  }
  return value;
}

/** Wire values for some fields of a form, as its widgets hold them; names the form lacks pass as they are. */
export function toFormValues(fields: FieldDefinition[], values: Record<string, unknown>): Record<string, unknown> {
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    out[name] = field ? toFormValue(field, value) : value;
  }
  return out;
}
