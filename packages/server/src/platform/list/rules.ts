import {
  IN_LIST_MAX, isSearchGroup, type ListOp, type ListRequest, opsForFieldType, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX,
  type SearchCondition,
} from '@wb/protocol';
import type { FieldOption } from '../db/schema';
import { badRequest } from '../http/errors';
import { type Cast, castFor, convert, likePattern } from './values';

/** What the engine needs of a list template: the whitelist every request is checked against. */
export interface ListField {
  fieldName: string;
  fieldType: string;
  columnSql: string | null;
  options: FieldOption[];
  iallowQuery: boolean;
  iallowAdvanceQuery: boolean;
  isortField: boolean;
  itotal: boolean;
  idefinedSort: boolean;
  sortMethod: 'asc' | 'desc' | null;
}

export interface ListTemplate {
  id: string;
  mainTable: string;
  orgColumn: string;
  /** who created the row: what own and department scopes narrow by (none: not narrowed) */
  ownerColumn?: string | null;
  ps: number | null;
  /** in seq order */
  fields: ListField[];
}

export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type Condition =
  | { kind: 'compare'; column: string; op: CompareOp; value: string | boolean; cast: Cast }
  | { kind: 'in'; column: string; values: (string | boolean)[]; cast: Cast }
  | { kind: 'like'; column: string; pattern: string }
  | { kind: 'any'; conditions: Condition[] };

/**
 * A list query as data. Every SQL text in it (table, columns, expressions) comes from the
 * template; everything from the request is a value to bind.
 */
export interface ListQuery {
  table: string;
  orgColumn: string;
  ownerColumn: string | null;
  columns: { name: string; sql: string }[];
  where: Condition[];
  orderBy: { sql: string; dir: 'asc' | 'desc' }[];
  totals: { name: string; sql: string }[];
  limit: number;
  offset: number;
}

/** The unique key that ends every order, so equal sort values never shuffle rows between pages. */
export const TIEBREAK_COLUMN = 't.id';

type Value = SearchCondition['val'];

const shown = (v: unknown) => {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** The spec ignores a condition left empty on the screen: '', blanks, null, []. */
function isEmpty(v: Value): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

function searchField(template: ListTemplate, c: SearchCondition): ListField & { columnSql: string } {
  const field = template.fields.find((f) => f.fieldName === c.key);
  if (!field) throw badRequest(`查询条件 ${shown(c.key)} 不是此列表的字段`, 'search');
  if (!(field.iallowQuery || field.iallowAdvanceQuery) || !field.columnSql) throw badRequest(`字段 ${c.key} 不允许查询`, 'search');
  if (!opsForFieldType(field.fieldType).includes(c.op)) {
    throw badRequest(`字段 ${c.key} (${field.fieldType}) 不支持运算符 ${c.op}`, 'search');
  }
  return field as ListField & { columnSql: string };
}

function converted(field: ListField, v: string | number | boolean): string | boolean {
  const result = convert(field.fieldType, v, field.options);
  if (!result.ok) throw badRequest(`字段 ${field.fieldName} 的值 ${shown(v)} ${result.reason}`, 'search');
  return result.value;
}

/** An `in` takes an array, or a comma list as the old screens send it. */
function inValues(field: ListField, v: Exclude<Value, undefined | null>): (string | boolean)[] {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  const present = items.filter((i) => !(typeof i === 'string' && i.trim() === ''));
  if (present.length > IN_LIST_MAX) throw badRequest(`字段 ${field.fieldName} 的 in 条件最多 ${IN_LIST_MAX} 个值`, 'search');
  return present.map((i) => converted(field, i));
}

/** One condition checked against the template; null when its value is empty. */
function planCondition(template: ListTemplate, c: SearchCondition): Condition | null {
  const field = searchField(template, c);
  if (isEmpty(c.val)) return null;
  const v = c.val as Exclude<Value, undefined | null>;
  const column = field.columnSql;
  const op: ListOp = c.op;
  if (op === 'in') {
    const values = inValues(field, v);
    return values.length ? { kind: 'in', column, values, cast: castFor(field.fieldType) } : null;
  }
  if (Array.isArray(v)) throw badRequest(`字段 ${field.fieldName} 的运算符 ${op} 只接受一个值`, 'search');
  if (op === 'like' || op === 'lk') return { kind: 'like', column, pattern: likePattern(op, converted(field, v) as string) };
  return { kind: 'compare', column, op, value: converted(field, v), cast: castFor(field.fieldType) };
}

function planSearch(template: ListTemplate, search: ListRequest['search']): Condition[] {
  const where: Condition[] = [];
  for (const item of search ?? []) {
    if (!isSearchGroup(item)) {
      const c = planCondition(template, item);
      if (c) where.push(c);
      continue;
    }
    // quick search: the conditions left after dropping empty ones, any of which may match
    const any = item.search.map((c) => planCondition(template, c)).filter((c): c is Condition => c !== null);
    if (any.length === 1) where.push(any[0]);
    else if (any.length > 1) where.push({ kind: 'any', conditions: any });
  }
  return where;
}

function planOrder(template: ListTemplate, sort: ListRequest['sort']): ListQuery['orderBy'] {
  const order: ListQuery['orderBy'] = [];
  const used = new Set<string>();
  for (const s of sort ?? []) {
    const field = template.fields.find((f) => f.fieldName === s.key);
    if (!field) throw badRequest(`排序字段 ${shown(s.key)} 不是此列表的字段`, 'sort');
    if (!field.isortField || !field.columnSql) throw badRequest(`字段 ${s.key} 不允许排序`, 'sort');
    if (used.has(s.key)) continue;
    used.add(s.key);
    order.push({ sql: field.columnSql, dir: s.dir });
  }
  if (order.length === 0) order.push(...defaultOrder(template));
  order.push({ sql: TIEBREAK_COLUMN, dir: 'desc' });
  return order;
}

/** The template's own default order; else newest first, as the spec's lists open. */
function defaultOrder(template: ListTemplate): ListQuery['orderBy'] {
  const defined = template.fields.filter((f) => f.idefinedSort && f.columnSql);
  if (defined.length) return defined.map((f) => ({ sql: f.columnSql as string, dir: f.sortMethod ?? 'desc' }));
  const created = template.fields.find((f) => f.fieldName === 'createDate' && f.columnSql);
  return created ? [{ sql: created.columnSql as string, dir: 'desc' }] : [];
}

export function pageOf(template: Pick<ListTemplate, 'ps'>, limit: ListRequest['limit']): { limit: number; offset: number } {
  const pn = limit?.pn ?? 1;
  const ps = Math.min(limit?.ps ?? template.ps ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  return { limit: ps, offset: (pn - 1) * ps };
}

/**
 * Checks a list request against its template and describes the query to run. Anything the
 * template does not allow (an unknown or unsearchable key, an operator the field's type does not
 * take, a value of the wrong type, an unsortable sort, another list's tplId) is a 400 naming it.
 */
export function planList(template: ListTemplate, request: ListRequest): ListQuery {
  if (request.tplId !== undefined && String(request.tplId) !== template.id) {
    throw badRequest(`模板 ${request.tplId} 不是此列表的模板`, 'tplId');
  }
  const readable = template.fields.filter((f) => f.columnSql);
  const columns = readable.map((f) => ({ name: f.fieldName, sql: f.columnSql as string }));
  if (!columns.some((c) => c.name === 'id')) columns.unshift({ name: 'id', sql: TIEBREAK_COLUMN });
  return {
    table: template.mainTable,
    orgColumn: template.orgColumn,
    ownerColumn: template.ownerColumn ?? null,
    columns,
    where: planSearch(template, request.search),
    orderBy: planOrder(template, request.sort),
    totals: readable.filter((f) => f.itotal && f.fieldType === 'NUMBER').map((f) => ({ name: f.fieldName, sql: f.columnSql as string })),
    ...pageOf(template, request.limit),
  };
}
