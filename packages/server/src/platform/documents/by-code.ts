import type { ImportProblem } from '@wb/protocol';
import type { Database } from '../db/pool';
import type { RowScope } from '../auth/who';
import type { DocumentFamily } from './define';
import * as repo from './repo';

/**
 * Codes of other rows (a material's class, a vehicle's carrier) turned into their ids, for rows
 * that name them by code; an unknown code is a problem of that row.
 */
export async function resolveCodes(db: Database, family: DocumentFamily, who: RowScope, entities: { row: number; entity: Record<string, unknown> }[]): Promise<ImportProblem[]> {
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

/** An id left empty because its code was unknown is one problem, reported on the code. */
export function withoutShadowed(family: DocumentFamily, problems: ImportProblem[]): ImportProblem[] {
  return problems.filter((p) => {
    const by = family.fields.find((f) => f.name === p.field)?.byCode;
    return !by || !problems.some((q) => q.row === p.row && q.field === by.name);
  });
}
