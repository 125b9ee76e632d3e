import type { AdminField, FieldEditBody } from '@wb/protocol';

/** What the full field form edits, and how its values become an edit's body. */
export type Values = Omit<FieldEditBody, 'version'>;

export const FLAGS = ['ishow', 'ihidden', 'iupdate', 'irequired', 'iallowQuery', 'iallowAdvanceQuery', 'itotal', 'isortField', 'idefinedSort'] as const;
export const EDITABLE: (keyof Values)[] = [
  'fieldExplain', 'fieldExplainEn', 'seq', ...FLAGS, 'sortMethod', 'columnWidth', 'fixed', 'formSubmitType', 'options',
  'defaultValue', 'tipsMessage', 'validateMethod', 'validateTitle', 'valFormatFun', 'controlValue', 'rows', 'searchType', 'cgFormatResId', 'calculate',
];
// properties that cannot be empty (the label, seq, the flags): left as they were rather than sent empty
const NOT_EMPTY = new Set<keyof Values>(['fieldExplain', 'seq', ...FLAGS]);

/** The form's starting values; option values as text, which is how they are typed. */
export function formValues(field: AdminField): Values {
  const values = Object.fromEntries(EDITABLE.map((k) => [k, field[k as keyof AdminField]])) as Values;
  return { ...values, options: field.options.map((o) => ({ ...o, value: String(o.value) })) };
}

/** An option's value in the field's own type: true/false for BOOLEAN, a number for NUMBER, else text. */
export function optionValue(raw: unknown, fieldType: string): string | number | boolean {
  if (fieldType === 'BOOLEAN') return raw === true || raw === 'true';
  if (fieldType === 'NUMBER' && raw !== '' && raw !== null && !Number.isNaN(Number(raw))) return Number(raw);
  return String(raw ?? '');
}

/** Empty text is no value: the server stores null, as the spec's save does (section 5). */
export function editBody(v: Values, fieldType: string): Values {
  const out: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    const x = v[key];
    const value = typeof x === 'string' && x.trim() === '' ? null : x;
    if ((value === null || value === undefined) && NOT_EMPTY.has(key)) continue;
    out[key] = value;
  }
  out.options = (v.options ?? []).map((o) => ({
    value: optionValue(o.value, fieldType), label: o.label, ...(o.labelEn ? { labelEn: o.labelEn } : {}), ...(o.color ? { color: o.color } : {}), ...(o.disabled ? { disabled: true } : {}),
  }));
  return out as Values;
}
