import type { FieldDefinition } from '@wb/protocol';

/**
 * Autocomplete (spec: calls section 7): the field's URL (customTable) with {search} replaced by
 * the typed text without spaces; GET, or POST (URL written 'POST /api/...') with a first page of
 * 10 newest rows. The suggestion shows at most 3 fields: the options name them (value = the row's
 * field, label = its caption); without options, the field's own name.
 */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
export const AUTOCOMPLETE_VISIBLE_FIELDS = 3;

export interface AutocompleteRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export const searchText = (typed: string) => typed.replace(/\s+/g, '');

export function autocompleteRequest(urlTemplate: string, typed: string): AutocompleteRequest {
  const m = /^\s*(GET|POST)\s+(.*)$/i.exec(urlTemplate);
  const method = (m?.[1].toUpperCase() ?? 'GET') as 'GET' | 'POST';
  const url = (m?.[2] ?? urlTemplate).trim().replace(/^\/api(?=\/)/, '');
  const path = url.replace(/\{search\}/g, encodeURIComponent(searchText(typed)));
  if (method === 'GET') return { method, path };
  return { method, path, body: { search: [], limit: { ps: 10, pn: 1 }, sort: [{ key: 'createDate', dir: 'desc' }] } };
}

/** The rows of an answer: data.list, or data itself when it is the list. */
export function suggestionRows(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
}

/** The fields a suggestion shows, at most three. */
export function visibleFields(field: Pick<FieldDefinition, 'fieldName' | 'options'>): string[] {
  const named = field.options.map((o) => String(o.value)).filter((v) => v !== '');
  return (named.length ? named : [field.fieldName]).slice(0, AUTOCOMPLETE_VISIBLE_FIELDS);
}

/** What a chosen suggestion fills: the field itself (from its first visible field) and same-named fields. */
export function valuesFromSuggestion(field: Pick<FieldDefinition, 'fieldName' | 'options'>, row: Record<string, unknown>, formFields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of formFields) if (name !== field.fieldName && name in row && name !== 'id') out[name] = row[name];
  // the row's own value when it has the field (even empty), else its first shown field
  out[field.fieldName] = field.fieldName in row ? row[field.fieldName] : row[visibleFields(field)[0]];
  return out;
}
