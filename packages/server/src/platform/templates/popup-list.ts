import type { ListRequest, SearchCondition } from '@wb/protocol';
import { type ListField, planList } from '../list/rules';
import type { FieldDef, TemplateDef } from './define';

/**
 * A popup (RESOURCE template) shows its own columns but reads its rows from the list its resUrl
 * names: the search it sends (its fixed parameters, and what is typed into its searchable fields)
 * is checked by that list's template, not the popup's. So what a popup may send is checked against
 * the list behind it, when it is declared and when an administrator edits it, instead of a user
 * meeting the list's 400 in the popup.
 */
export interface PopupSearch {
  resUrl: string;
  params: readonly unknown[];
  /** the names of the popup's fields a user may search by */
  searchable: readonly string[];
}

export interface PopupRefusal {
  /** where in the popup: its parameter list (by position) or one of its fields */
  at: { param: number } | { field: string };
  key: string;
  message: string;
}

const keyOf = (p: unknown): string => String((p as { key?: unknown })?.key ?? '');

/** The first search the popup would send that the list behind its resUrl refuses; null when none. */
export function popupSearchRefusal(popup: PopupSearch, list: readonly ListField[]): PopupRefusal | null {
  const template = { id: '0', mainTable: 't', orgColumn: 'org_id', ps: null, fields: [...list] };
  for (const [index, p] of popup.params.entries()) {
    try {
      planList(template, { search: [p as SearchCondition] } as ListRequest);
    } catch (e) {
      const key = keyOf(p);
      return { at: { param: index }, key, message: `查询参数 ${key} 不被弹窗列表 ${popup.resUrl} 接受：${(e as Error).message}` };
    }
  }
  for (const key of popup.searchable) {
    const f = list.find((x) => x.fieldName === key);
    if (!f?.columnSql || !(f.iallowQuery || f.iallowAdvanceQuery)) {
      return { at: { field: key }, key, message: `字段 ${key} 在弹窗列表 ${popup.resUrl} 中不允许查询` };
    }
  }
  return null;
}

/** A declared field as the list engine sees it. */
export function listFieldOf(f: FieldDef): ListField {
  return {
    fieldName: f.fieldName, fieldType: f.fieldType, columnSql: f.columnSql ?? null, options: f.options ?? [],
    iallowQuery: f.iallowQuery ?? false, iallowAdvanceQuery: f.iallowAdvanceQuery ?? false, isortField: f.isortField ?? false,
    itotal: f.itotal ?? false, idefinedSort: f.idefinedSort ?? false, sortMethod: f.sortMethod ?? null,
  };
}

/**
 * Refuses, at start, a declared popup whose search the list behind its resUrl would refuse. A popup
 * whose resUrl names no declared list (a route of its own) is left to that route.
 */
export function checkPopupLists(templates: readonly TemplateDef[]): void {
  for (const popup of templates) {
    if (popup.formatType !== 'RESOURCE' || !popup.resUrl) continue;
    const lists = templates.filter((t) => t.formatType === 'LIST' && t.resUrl === popup.resUrl);
    if (lists.length !== 1) continue;
    const refusal = popupSearchRefusal({
      resUrl: popup.resUrl, params: popup.params ?? [],
      searchable: popup.fields.filter((f) => f.iallowQuery || f.iallowAdvanceQuery).map((f) => f.fieldName),
    }, lists[0].fields.map(listFieldOf));
    if (refusal) throw new Error(`template ${popup.formatCode}: ${refusal.message} (list ${lists[0].formatCode})`);
  }
}
