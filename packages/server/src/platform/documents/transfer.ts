import { IMPORT_ROWS_MAX, type ImportProblem, type ListRequest } from '@wb/protocol';
import type { Readable } from 'node:stream';
import type { Database } from '../db/pool';
import { AppError, badRequest, badRequestWith } from '../http/errors';
import { runList } from '../list/repo';
import { planList, type ListTemplate } from '../list/rules';
import { loadListTemplate } from '../templates/repo';
import { readFirstSheet, type SheetColumn, streamSheet } from '../excel/workbook';
import { checkedValues, fillCodes, type Who, writing } from './actions';
import { constraintProblem } from './constraint-errors';
import type { DocField, DocumentFamily, EntityValues } from './define';
import { missingRequired, parseEntity } from './fields';
import * as repo from './repo';

/** Most rows one export writes: a search wider than this is narrowed first. */
export const EXPORT_ROWS_MAX = 100_000;

export async function listTemplateOf(db: Database, family: DocumentFamily): Promise<ListTemplate> {
  const template = await loadListTemplate(db, family.listTemplate.formatCode);
  // seeded at start: missing means a broken installation, not bad input
  if (!template) throw new AppError(500, `列表模板 ${family.listTemplate.formatCode} 未配置`);
  return template;
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

interface ExportColumn extends SheetColumn {
  fieldType: string;
  options: { value: unknown; label: string }[];
}

/**
 * The columns shown on the list screen, in its order, labelled as there: read from the database
 * copy of the template, so a column an administrator hid or renamed is exported the same way.
 */
async function exportColumns(db: Database, template: ListTemplate): Promise<ExportColumn[]> {
  const fields = await db
    .selectFrom('cg_format_field')
    .select(['field_name', 'field_explain', 'field_type', 'options', 'column_width', 'ishow', 'ihidden', 'column_sql'])
    .where('format_id', '=', template.id)
    .orderBy('seq')
    .orderBy('id')
    .execute();
  return fields
    .filter((f) => f.ishow && !f.ihidden && f.column_sql)
    .map((f) => ({
      header: f.field_explain, key: f.field_name, width: f.column_width ? Math.max(8, Math.round(f.column_width / 7)) : 16,
      fieldType: f.field_type, options: f.options,
    }));
}

/** What a cell shows: an option's label, 是/否, a time as the plant reads it, a number as a number. */
function shownValue(column: ExportColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const option = column.options.find((o) => String(o.value) === String(value));
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return value.toLocaleString('sv-SE', { timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai' });
  if (column.fieldType === 'NUMBER' && typeof value === 'string') return Number(value);
  return value;
}

/** The current search of the list screen, every page of it, as an .xlsx stream. */
export async function exportList(db: Database, family: DocumentFamily, who: Who, request: ListRequest): Promise<Readable> {
  const template = await listTemplateOf(db, family);
  const plan = planList(template, { ...request, limit: undefined });
  const { list, total } = await runList(db, { ...plan, limit: EXPORT_ROWS_MAX + 1, offset: 0 }, who.orgId);
  if (list.length > EXPORT_ROWS_MAX || total > EXPORT_ROWS_MAX) throw badRequest(`导出数据超过 ${EXPORT_ROWS_MAX} 行，请缩小查询范围`, 'search');
  const columns = await exportColumns(db, template);
  const rows = list.map((r) => Object.fromEntries(columns.map((c) => [c.key, shownValue(c, r[c.key])])));
  return streamSheet(family.label, columns, rows);
}

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

/** The sheet's columns: the writable fields, with an id field given by the other row's code. */
export function importColumns(family: DocumentFamily): DocField[] {
  return family.fields
    .filter((f) => f.importable !== false && (f.type !== 'id' || f.byCode))
    .map((f) => (f.byCode ? { ...f, name: f.byCode.name, label: f.byCode.label, type: 'text' as const } : f));
}

/**
 * Codes of other rows (a material's class, a vehicle's carrier) turned into their ids, for rows
 * that name them by code; an unknown code is a problem of that row.
 */
async function resolveCodes(db: Database, family: DocumentFamily, who: Who, entities: { row: number; entity: Record<string, unknown> }[]): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  for (const f of family.fields) {
    const by = f.byCode;
    if (!by) continue;
    const codes = [...new Set(entities.map((e) => e.entity[by.name]).filter((c) => c !== undefined && c !== null && String(c).trim() !== '').map((c) => String(c).trim()))];
    const ids = await repo.idsByCode(db, who, by.table, by.codeColumn, by.scope, codes);
    for (const e of entities) {
      const code = e.entity[by.name];
      if (code === undefined || code === null || String(code).trim() === '') continue;
      const id = ids.get(String(code).trim());
      if (id) e.entity[f.name] = id;
      else problems.push({ row: e.row, field: by.name, message: `${by.label} ${String(code).trim()} 不存在` });
    }
  }
  return problems;
}

/** Each header to its field, by label (as the template has it) or by field name. */
function headerFields(family: DocumentFamily, headers: string[]): { fields: (DocField | null)[]; problems: ImportProblem[] } {
  const columns = importColumns(family);
  const fields = headers.map((h) => columns.find((f) => f.label === h || f.name === h) ?? null);
  const problems: ImportProblem[] = [];
  for (const f of columns) {
    if (f.required && f.name !== family.code.field && !fields.includes(f)) {
      problems.push({ row: 1, field: f.name, message: `缺少必填列：${f.label}` });
    }
  }
  return { fields, problems };
}

/** Rows that repeat a unique value of an earlier row, or one already stored. */
async function duplicates(db: Database, family: DocumentFamily, who: Who, rows: { row: number; values: EntityValues }[]): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const unique = family.fields.filter((f) => f.unique);
  for (const f of unique) {
    const seen = new Map<string, number>();
    for (const r of rows) {
      const v = r.values[f.name];
      if (v === null || v === undefined) continue;
      const earlier = seen.get(String(v));
      if (earlier) problems.push({ row: r.row, field: f.name, message: `${f.label} ${v} 与第 ${earlier} 行重复` });
      else seen.set(String(v), r.row);
    }
    const stored = await repo.valuesTaken(db, family, who, f.column, [...seen.keys()]);
    for (const r of rows) {
      const v = r.values[f.name];
      if (v !== null && v !== undefined && stored.has(String(v)) && seen.get(String(v)) === r.row) {
        problems.push({ row: r.row, field: f.name, message: `${f.label} ${v} 已存在` });
      }
    }
  }
  return problems;
}

/**
 * Validates every row first; one bad cell anywhere and the answer is a 400 whose data.errors lists
 * every bad cell of every row, and nothing is written. Otherwise all rows go in one transaction,
 * in one statement.
 */
export async function importSheet(db: Database, family: DocumentFamily, who: Who, bytes: Buffer): Promise<{ imported: number }> {
  let sheet;
  try {
    sheet = await readFirstSheet(bytes);
  } catch {
    throw badRequest('文件不是有效的 Excel (.xlsx) 文件', 'file');
  }
  if (sheet.rows.length === 0) throw badRequest('文件中没有数据', 'file');
  if (sheet.rows.length > IMPORT_ROWS_MAX) throw badRequest(`一次最多导入 ${IMPORT_ROWS_MAX} 行`, 'file');
  const { fields, problems } = headerFields(family, sheet.headers);
  if (problems.length) throw badRequestWith(problems);
  const parsed: { row: number; values: EntityValues }[] = [];
  // every row's values as read, bad or not: a repeated code is reported on a bad row too
  const read: { row: number; values: EntityValues }[] = [];
  const entities = sheet.rows.map(({ row, cells }) => {
    const entity: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      if (f) entity[f.name] = cells[i];
    });
    return { row, entity };
  });
  problems.push(...(await resolveCodes(db, family, who, entities)));
  for (const { row, entity } of entities) {
    const result = parseEntity(family.fields.filter((f) => f.importable !== false), entity, 'create');
    read.push({ row, values: result.values });
    try {
      parsed.push({ row, values: checkedValues(family, result.values, result.problems, Boolean(family.numbering)) });
    } catch (err) {
      const data = (err as AppError).data as { errors?: { field: string | null; message: string }[] } | undefined;
      problems.push(...(data?.errors ?? [{ field: null, message: (err as Error).message }]).map((p) => ({ row, field: p.field, message: p.message })));
    }
  }
  problems.push(...(await duplicates(db, family, who, read)));
  if (problems.length) throw badRequestWith(withoutShadowed(family, problems).sort((a, b) => a.row - b.row), { imported: 0 });
  try {
    return await db.transaction().execute(async (tx) => {
      const values = parsed.map((p) => p.values);
      await fillCodes(tx, family, who, values);
      return { imported: (await repo.insertRows(tx, family, who, values)).length };
    });
  } catch (err) {
    const problem = constraintProblem(family, err);
    if (!problem) throw err;
    // a race or a rule only the database knows: name the row whose value broke it
    const hit = parsed.find((p) => problem.field && problem.values.includes(String(p.values[problem.field])));
    throw badRequestWith([{ row: hit?.row ?? 0, field: problem.field, message: problem.message }], { imported: 0 });
  }
}

/** An id left empty because its code was unknown is one problem, reported on the code. */
function withoutShadowed(family: DocumentFamily, problems: ImportProblem[]): ImportProblem[] {
  return problems.filter((p) => {
    const by = family.fields.find((f) => f.name === p.field)?.byCode;
    return !by || !problems.some((q) => q.row === p.row && q.field === by.name);
  });
}

// ---------------------------------------------------------------------------------------------
// datax: an ERP pushes its archives, keyed by code
// ---------------------------------------------------------------------------------------------

export async function dataxUpsert(db: Database, family: DocumentFamily, who: Who, entities: Record<string, unknown>[]) {
  const numbered = entities.map((entity, i) => ({ row: i + 1, entity: { ...entity } }));
  const problems: ImportProblem[] = await resolveCodes(db, family, who, numbered);
  const rows: EntityValues[] = [];
  const seen = new Map<string, number>();
  numbered.forEach(({ row, entity }) => {
    const result = parseEntity(family.fields, entity, 'create');
    const missing = missingRequired(family.fields, result.values).filter((p) => !result.problems.some((q) => q.field === p.field));
    const all = [...result.problems, ...missing];
    if (!all.length && family.validate) all.push(...family.validate(family.normalise ? family.normalise(result.values) : result.values));
    const code = String(result.values[family.code.field] ?? '');
    if (!code && !all.some((p) => p.field === family.code.field)) {
      all.push({ field: family.code.field, message: `${family.fields.find((f) => f.name === family.code.field)?.label ?? '编码'}不能为空！` });
    }
    if (code && seen.has(code)) all.push({ field: family.code.field, message: `编码 ${code} 与第 ${seen.get(code)} 条重复` });
    seen.set(code, row);
    problems.push(...all.map((p) => ({ row, field: p.field, message: p.message })));
    rows.push(family.normalise ? family.normalise(result.values) : result.values);
  });
  if (problems.length) throw badRequestWith(withoutShadowed(family, problems).sort((a, b) => a.row - b.row));
  return writing(db, family, (tx) => repo.upsertByCode(tx, family, who, rows));
}

// ---------------------------------------------------------------------------------------------
// autocomplete
// ---------------------------------------------------------------------------------------------

/** The popup template's search and label fields: what typed text is matched against. */
function autocompleteKeys(family: DocumentFamily): string[] {
  const r = family.resourceTemplate;
  const keys = [r?.valueResourceSubName, r?.viewResourceSubName].filter((k): k is string => Boolean(k));
  return keys.length ? [...new Set(keys)] : [family.code.field];
}

/**
 * Ten suggestions, newest first, whose search or label field contains the typed text (spaces
 * removed, as the spec's {search} placeholder is filled). A POST may add its own conditions.
 */
export async function autocomplete(db: Database, family: DocumentFamily, who: Who, search: string, request: ListRequest = {}) {
  const template = await listTemplateOf(db, family);
  const text = search.replace(/\s+/g, '');
  const group = text ? [{ conj: 'or' as const, search: autocompleteKeys(family).map((key) => ({ key, op: 'like' as const, val: text })) }] : [];
  const body: ListRequest = {
    ...request,
    tplId: undefined,
    search: [...(request.search ?? []), ...group],
    limit: { pn: 1, ps: 10 },
    sort: request.sort?.length ? request.sort : template.fields.some((f) => f.fieldName === 'createDate' && f.isortField) ? [{ key: 'createDate', dir: 'desc' }] : undefined,
  };
  const { list } = await runList(db, planList(template, body), who.orgId);
  return { list };
}
