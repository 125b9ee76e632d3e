import type { ImportProblem } from '@wb/protocol';
import type { Database } from '../db/pool';
import type { RowScope } from '../auth/who';
import type { DocField, DocumentFamily } from './define';
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
  problems.push(...(await unknownNames(db, family.fields, who, entities)));
  return problems;
}

const given = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

/**
 * The values of `named` fields (define.ts DocField.named) that name no row of their archive, each a
 * problem of its row and field: a push, a sheet or a form may not bring a name the archive lacks.
 */
export async function unknownNames(db: Parameters<typeof repo.idsByCode>[0], fields: readonly DocField[], who: RowScope,
  entities: { row: number; entity: Record<string, unknown> }[]): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  for (const f of fields) {
    const named = f.named;
    if (!named) continue;
    const names = [...new Set(entities.map((e) => e.entity[f.name]).filter(given).map((v) => String(v).trim()))];
    const found = await repo.idsByCode(db, who, named.table, named.nameColumn, named.scope, names);
    for (const e of entities) {
      const name = e.entity[f.name];
      if (given(name) && !found.has(String(name).trim())) problems.push({ row: e.row, field: f.name, message: `${named.label} ${String(name).trim()} 不在${named.archive}中` });
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
