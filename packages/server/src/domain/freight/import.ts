import type { ImportProblem } from '@wb/protocol';
import { entryOf, writeLog } from '../../platform/audit/log';
import type { RowScope } from '../../platform/auth/who';
import type { Database } from '../../platform/db/pool';
import { checkedValues, fillCodes } from '../../platform/documents/actions';
import { resolveCodes, withoutShadowed } from '../../platform/documents/by-code';
import type { EntityValues } from '../../platform/documents/define';
import { parseEntity } from '../../platform/documents/fields';
import { importColumns } from '../../platform/documents/import';
import { readImportSheet } from '../../platform/documents/header-lines-import';
import * as docRepo from '../../platform/documents/repo';
import { AppError, badRequestWith } from '../../platform/http/errors';
import { FREIGHT_PLAN_FAMILY } from './family';
import { preparePlan } from './plan-price';

/**
 * importExcel: freight plans from a sheet, one plan a row, under the plan form's column names
 * (承运商编码, 物料编码, 线路编码 ... as the engine's import template names them), read by the shared
 * sheet reader (platform/documents/header-lines-import.ts readImportSheet). A row without
 * 运价 is priced as the form prices it (plan-price.ts). Every row is checked first; one bad cell and
 * the answer lists every problem by row and nothing is written; else all go in one transaction
 * with one log entry.
 */
export async function importPlans(db: Database, who: RowScope & { username?: string }, bytes: Buffer): Promise<{ imported: number }> {
  const family = FREIGHT_PLAN_FAMILY;
  const entities = await readImportSheet(bytes, importColumns(family));
  const problems: ImportProblem[] = [];
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
