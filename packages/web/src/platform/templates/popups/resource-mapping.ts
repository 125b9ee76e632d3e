import type { FieldMapping, SearchCondition } from '@wb/protocol';

type Row = Record<string, unknown>;

/**
 * The form values a choice fills: each mapping's target (fieldSub1) takes the chosen rows' source
 * field (fieldSub2); several rows give their values joined by commas, as a multi-choice field stores them.
 */
export function mappedValues(mapData: readonly FieldMapping[], rows: readonly Row[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of mapData) {
    const values = rows.map((r) => r[m.fieldSub2.fieldName]).filter((v) => v !== undefined && v !== null && v !== '');
    out[m.fieldSub1.fieldName] = rows.length <= 1 ? (values[0] ?? null) : values.map(String).join(',');
  }
  return out;
}

/**
 * The popup's search filters from the caller's: each names a field of the popup's list (a source
 * field of the mapping, or any other list field) and searches it by equals. Empty values and keys
 * the popup's list does not know are dropped, so a filter never turns into a 400.
 */
export function popupFilters(filters: Readonly<Record<string, unknown>> | undefined, knownFields: ReadonlySet<string>): SearchCondition[] {
  if (!filters) return [];
  return Object.entries(filters)
    .filter(([key, val]) => knownFields.has(key) && val !== undefined && val !== null && val !== '')
    .map(([key, val]) => ({ key, op: 'eq' as const, val: val as string | number | boolean }));
}

/**
 * Filters a form passes on through the mapping: the form's value of a target field filters the
 * popup by its source field (spec section 5: a sub-resource field mapping feeds search filters).
 */
export function filtersFromForm(mapData: readonly FieldMapping[], formValues: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of mapData) {
    const v = formValues[m.fieldSub1.fieldName];
    if (v !== undefined && v !== null && v !== '') out[m.fieldSub2.fieldName] = v;
  }
  return out;
}
