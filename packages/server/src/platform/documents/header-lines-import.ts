import type { ImportProblem } from '@wb/protocol';
import type { RowScope } from '../auth/who';
import type { Database } from '../db/pool';
import { badRequestWith, type AppError } from '../http/errors';
import { checkedValues } from './actions';
import { resolveCodes } from './by-code';
import { readChildRows } from './children';
import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from './define';
import { parseEntity } from './fields';
import { importColumns, readImportFile } from './import';

/**
 * A master-child document from one sheet or one push: a row per line, the header's columns repeated
 * on each, the rows of one document grouped by its number (notices, licence grants). What is shared
 * is reading and checking; each family writes the groups its own way. The sheet itself is read by
 * `readImportSheet`, also for a sheet of one-row documents (freight plans).
 */
export interface SheetEntity { row: number; entity: Record<string, unknown> }
export interface HeaderGroup { code: string; firstRow: number; header: EntityValues; lines: SheetEntity[] }

/**
 * A sheet of an import as entities: the file read (not an .xlsx: 400 on `file`), at least one and at
 * most IMPORT_ROWS_MAX rows, its headers matched to `columns` by label or name, and every required
 * column there (`alsoRequired`: a column the form may leave out but a sheet must have, the number
 * its rows are grouped by) or a 400 naming each missing one. Each row keeps its sheet row number
 * and the cells of the columns matched; empty cells are left out (blank is not a value).
 */
export async function readImportSheet(bytes: Buffer, columns: readonly DocField[], alsoRequired: readonly DocField[] = []): Promise<SheetEntity[]> {
  const sheet = await readImportFile(bytes);
  const matched = sheet.headers.map((h) => columns.find((f) => f.label === h || f.name === h) ?? null);
  const missing = [...alsoRequired, ...columns.filter((f) => f.required && f.default === undefined && !alsoRequired.includes(f))]
    .filter((f) => !matched.includes(f)).map((f) => ({ row: 1, field: f.name, message: `缺少必填列：${f.label}` }));
  if (missing.length) throw badRequestWith(missing, { imported: 0 });
  return sheet.rows.map(({ row, cells }) => {
    const entity: Record<string, unknown> = {};
    matched.forEach((f, i) => {
      if (f && cells[i] !== null && cells[i] !== undefined && cells[i] !== '') entity[f.name] = cells[i];
    });
    return { row, entity };
  });
}

/** The sheet's columns: the header's, then the line's (ids by the other row's code). */
export function headerAndLineColumns(family: DocumentFamily): DocField[] {
  const children = family.children as DocumentChildren;
  const lines = importColumns({ ...family, fields: children.fields.filter((f) => f.name !== children.seq?.field) });
  return [...importColumns(family), ...lines];
}

/**
 * Every row's codes resolved, its header checked and grouped by the document's number, each group's
 * lines checked; the groups and every problem found, each on its sheet row. `noun` names the
 * document in the messages (a family's label may be longer: 采购通知单 for a sheet of 通知单).
 */
export async function groupHeaderAndLines(db: Database, family: DocumentFamily, who: RowScope, entities: SheetEntity[], noun = family.label) {
  const children = family.children as DocumentChildren;
  const codeField = family.code.field;
  const label = family.fields.find((f) => f.name === codeField)?.label ?? '编号';
  const problems: ImportProblem[] = [];
  problems.push(...(await resolveCodes(db, family, who, entities)));
  problems.push(...(await resolveCodes(db, { ...family, fields: children.fields }, who, entities)));
  const groups = new Map<string, HeaderGroup>();
  for (const { row, entity } of entities) {
    const code = entity[codeField] === undefined || entity[codeField] === null ? '' : String(entity[codeField]).trim();
    if (code === '') {
      problems.push({ row, field: codeField, message: `${label}不能为空！（同一${noun}的明细行按${label}归为一单）` });
      continue;
    }
    const parsed = parseEntity(family.fields, entity, 'create');
    let header: EntityValues = parsed.values;
    try {
      header = checkedValues(family, parsed.values, parsed.problems, false);
    } catch (err) {
      const data = (err as AppError).data as { errors?: { field: string | null; message: string }[] } | undefined;
      problems.push(...(data?.errors ?? []).map((p) => ({ row, field: p.field, message: p.message })));
    }
    const group = groups.get(code);
    if (!group) groups.set(code, { code, firstRow: row, header, lines: [{ row, entity }] });
    else {
      if (JSON.stringify(group.header) !== JSON.stringify(header)) problems.push({ row, field: codeField, message: `${noun} ${code} 的表头与第 ${group.firstRow} 行不一致` });
      group.lines.push({ row, entity });
    }
  }
  for (const group of groups.values()) {
    const { problems: lineProblems } = readChildRows(children, group.lines.map((l) => l.entity));
    for (const p of lineProblems) problems.push({ row: p.row === null ? group.firstRow : group.lines[p.row - 1].row, field: p.field, message: p.message });
  }
  return { groups, problems, label };
}

/** Problems as shown: a code that was unknown is one problem, not also its empty id. */
export function withoutShadowed(columns: DocField[], problems: ImportProblem[]): ImportProblem[] {
  const byCode = new Map(columns.flatMap((f) => (f.byCode ? [[f.name, f.byCode.name] as const] : [])));
  return problems.filter((p) => {
    const code = p.field ? byCode.get(p.field) : undefined;
    return !code || !problems.some((q) => q.row === p.row && q.field === code);
  });
}
