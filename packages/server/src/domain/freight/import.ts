import type { ImportProblem } from '@wb/protocol';
import { IMPORT_ROWS_MAX } from '@wb/protocol';
import { entryOf, writeLog } from '../../platform/audit/log';
import type { RowScope } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import { checkedValues, fillCodes } from '../../platform/documents/actions';
import { resolveCodes, withoutShadowed } from '../../platform/documents/by-code';
import type { EntityValues } from '../../platform/documents/define';
import { parseEntity } from '../../platform/documents/fields';
import { importColumns } from '../../platform/documents/import';
import * as docRepo from '../../platform/documents/repo';
import { readFirstSheet } from '../../platform/excel/workbook';
import { AppError, badRequest, badRequestWith } from '../../platform/http/errors';
import { FREIGHT_PLAN_FAMILY } from './family';
import { preparePlan } from './plan-price';

/**
 * importExcel: freight plans from a sheet, one plan a row, under the plan form's column names
 * (承运商编码, 物料编码, 线路编码 ... as the engine's import template names them). A row without
 * 运价 is priced as the form prices it (plan-price.ts). Every row is checked first; one bad cell and
 * the answer lists every problem by row and nothing is written; else all go in one transaction
 * with one log entry.
 */
export async function importPlans(db: Database, who: RowScope & { username?: string }, bytes: Buffer): Promise<{ imported: number }> {
  const family = FREIGHT_PLAN_FAMILY;
  let sheet;
  try {
    sheet = await readFirstSheet(bytes);
  } catch {
    throw badRequest('文件不是有效的 Excel (.xlsx) 文件', 'file');
  }
  if (sheet.rows.length === 0) throw badRequest('文件中没有数据', 'file');
  if (sheet.rows.length > IMPORT_ROWS_MAX) throw badRequest(`一次最多导入 ${IMPORT_ROWS_MAX} 行`, 'file');
  const columns = importColumns(family);
  const fields = sheet.headers.map((h) => columns.find((f) => f.label === h || f.name === h) ?? null);
  const problems: ImportProblem[] = columns.filter((f) => f.required && f.default === undefined && !fields.includes(f)).map((f) => ({ row: 1, field: f.name, message: `缺少必填列：${f.label}` }));
  if (problems.length) throw badRequestWith(problems);
  const entities = sheet.rows.map(({ row, cells }) => {
    const entity: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      if (f && cells[i] !== null && cells[i] !== undefined && cells[i] !== '') entity[f.name] = cells[i];
    });
    return { row, entity };
  });
  problems.push(...(await resolveCodes(db, family, who, entities)));
  const parsed: EntityValues[] = [];
  for (const { row, entity } of entities) {
    try {
      await preparePlan(db, who, entity, 'create');
      const result = parseEntity(family.fields, entity, 'create');
      parsed.push(checkedValues(family, result.values, result.problems, true));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const data = err.data as { errors?: { field: string | null; message: string }[] } | undefined;
      problems.push(...(data?.errors ?? [{ field: err.field ?? null, message: err.message }]).map((p) => ({ row, field: p.field, message: p.message })));
    }
  }
  if (problems.length) throw badRequestWith(withoutShadowed(family, problems).sort((a, b) => a.row - b.row), { imported: 0 });
  return db.transaction().execute(async (tx) => {
    await fillCodes(tx, family, who, parsed);
    const imported = (await docRepo.insertRows(tx, family, who, parsed)).length;
    await writeLog(tx, entryOf(who, { action: 'import', family: family.label, detail: `导入 ${imported} 条：${parsed.map((v) => String(v.planNo)).join('、')}` }));
    return { imported };
  });
}
