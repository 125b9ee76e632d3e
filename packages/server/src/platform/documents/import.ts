import { entryOf, writeLog } from '../audit/log';
import { IMPORT_ROWS_MAX, type ImportProblem } from '@wb/protocol';
import type { Database } from '../db/pool';
import { type AppError, badRequest, badRequestWith } from '../http/errors';
import { readFirstSheet } from '../excel/workbook';
import { checkedValues, fillCodes } from './actions';
import { resolveCodes, withoutShadowed } from './by-code';
import { constraintProblem } from './constraint-errors';
import type { DocField, DocumentFamily, EntityValues } from './define';
import { parseEntity } from './fields';
import * as repo from './repo';
import type { RowScope } from '../auth/who';

/** The sheet's columns: the writable fields, with an id field given by the other row's code. */
export function importColumns(family: DocumentFamily): DocField[] {
  return family.fields
    .filter((f) => f.importable !== false && (f.type !== 'id' || f.byCode))
    .map((f) => (f.byCode ? { ...f, name: f.byCode.name, label: f.byCode.label, type: 'text' as const } : f));
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
async function duplicates(db: Database, family: DocumentFamily, who: RowScope, rows: { row: number; values: EntityValues }[]): Promise<ImportProblem[]> {
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

/** The import's file as its first sheet: not an .xlsx, no row, or more than IMPORT_ROWS_MAX rows is a 400 on `file`. */
export async function readImportFile(bytes: Buffer): Promise<Awaited<ReturnType<typeof readFirstSheet>>> {
  let sheet;
  try {
    sheet = await readFirstSheet(bytes);
  } catch {
    throw badRequest('文件不是有效的 Excel (.xlsx) 文件', 'file');
  }
  if (sheet.rows.length === 0) throw badRequest('文件中没有数据', 'file');
  if (sheet.rows.length > IMPORT_ROWS_MAX) throw badRequest(`一次最多导入 ${IMPORT_ROWS_MAX} 行`, 'file');
  return sheet;
}

/**
 * Validates every row first; one bad cell anywhere and the answer is a 400 whose data.errors lists
 * every bad cell of every row, and nothing is written. Otherwise all rows go in one transaction,
 * in one statement.
 */
export async function importSheet(db: Database, family: DocumentFamily, who: RowScope, bytes: Buffer): Promise<{ imported: number }> {
  const sheet = await readImportFile(bytes);
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
      const imported = (await repo.insertRows(tx, family, who, values)).length;
      const codes = values.map((v) => String(v[family.code.field]));
      await writeLog(tx, entryOf(who, { action: 'import', family: family.logLabel ?? family.label, detail: `导入 ${imported} 条：${codes.join('、')}` }));
      return { imported };
    });
  } catch (err) {
    const problem = constraintProblem(family, err);
    if (!problem) throw err;
    // a race or a rule only the database knows: name the row whose value broke it
    const hit = parsed.find((p) => problem.field && problem.values.includes(String(p.values[problem.field])));
    throw badRequestWith([{ row: hit?.row ?? 0, field: problem.field, message: problem.message }], { imported: 0 });
  }
}
