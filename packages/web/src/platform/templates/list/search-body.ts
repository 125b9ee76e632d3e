import { opsForFieldType, TREE_NODE_PARAM, type ListRequest, type SearchCondition, type SearchGroup, type SortKey } from '@wb/protocol';
import type { FieldDefinition } from '@wb/protocol';

/** What the user typed in the advanced dialog for one field. */
export type AdvancedValue =
  | { kind: 'text'; op: 'like' | 'eq'; value: string }
  | { kind: 'choice'; value: string | number | boolean | null | undefined }
  | { kind: 'range'; from: string | null; to: string | null };

export type AdvancedValues = Record<string, AdvancedValue | undefined>;

type Field = Pick<FieldDefinition, 'fieldName' | 'fieldType' | 'iallowQuery' | 'iallowAdvanceQuery' | 'id'>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Fields the quick-search box tries: those marked for quick search whose type takes "contains". */
export function quickSearchFields<F extends Field>(fields: readonly F[]): F[] {
  return fields.filter((f) => f.iallowQuery && opsForFieldType(f.fieldType).includes('like'));
}

/** Quick search (spec section 5): one text, ORed as "contains" across the searchable fields; blank sends nothing. */
export function quickSearchGroup(fields: readonly Field[], text: string): SearchGroup | null {
  const val = text.trim();
  const targets = quickSearchFields(fields);
  if (!val || targets.length === 0) return null;
  return { conj: 'or', search: targets.map((f) => ({ key: f.fieldName, op: 'like', val, keyId: f.id })) };
}

/** A date or time field searches by range; an ENUM, TAG or BOOLEAN by choice; the rest as text. */
export function advancedKind(fieldType: string): AdvancedValue['kind'] {
  if (fieldType === 'DATE' || fieldType === 'TIME') return 'range';
  if (fieldType === 'ENUM' || fieldType === 'TAG' || fieldType === 'BOOLEAN') return 'choice';
  return 'text';
}

function conditionsOf(field: Field, value: AdvancedValue | undefined): SearchCondition[] {
  if (!value) return [];
  const base = { key: field.fieldName, keyId: field.id };
  switch (value.kind) {
    case 'text':
      // a number has no "contains": its operator choice falls back to equals
      if (isBlank(value.value)) return [];
      return [{ ...base, op: opsForFieldType(field.fieldType).includes(value.op) ? value.op : 'eq', val: value.value.trim() }];
    case 'choice':
      return isBlank(value.value) ? [] : [{ ...base, op: 'eq', val: value.value as string | number | boolean }];
    case 'range': {
      // a range is sent as ge plus le (spec section 5); an open end is simply not sent
      const out: SearchCondition[] = [];
      if (!isBlank(value.from)) out.push({ ...base, op: 'ge', val: value.from });
      if (!isBlank(value.to)) out.push({ ...base, op: 'le', val: value.to });
      return out;
    }
  }
}

/** The advanced dialog's conditions, ANDed; empty values are never sent. */
export function advancedConditions(fields: readonly Field[], values: AdvancedValues): SearchCondition[] {
  return fields.filter((f) => f.iallowAdvanceQuery).flatMap((f) => conditionsOf(f, values[f.fieldName]));
}

export interface ListState {
  quickText: string;
  advanced: AdvancedValues;
  /** conditions a tree node or a popup's mapping adds */
  fixed: SearchCondition[];
  sort: SortKey | null;
  pn: number;
  ps: number;
  /** the chosen node of a tree list, sent as param[TREE_NODE_PARAM] for the list route to read */
  treeId?: string | null;
}

/** The body of POST resUrl for the screen's state. */
export function buildListRequest(tplId: string, fields: readonly Field[], state: ListState): ListRequest {
  const quick = quickSearchGroup(fields, state.quickText);
  const search: (SearchCondition | SearchGroup)[] = [...state.fixed, ...advancedConditions(fields, state.advanced), ...(quick ? [quick] : [])];
  return {
    tplId,
    limit: { pn: state.pn, ps: state.ps },
    ...(search.length ? { search } : {}),
    ...(state.sort ? { sort: [state.sort] } : {}),
    ...(state.treeId ? { param: { [TREE_NODE_PARAM]: state.treeId } } : {}),
  };
}
