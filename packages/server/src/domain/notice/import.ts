import { entryOf, writeLogs } from '../../platform/audit/log';
import { IMPORT_ROWS_MAX, type ImportProblem } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { badRequest, badRequestWith, type AppError } from '../../platform/http/errors';
import { readFirstSheet } from '../../platform/excel/workbook';
import { checkedValues, fillCodes } from '../../platform/documents/actions';
import { resolveCodes } from '../../platform/documents/by-code';
import { readChildRows } from '../../platform/documents/children';
import * as childRepo from '../../platform/documents/child-repo';
import { constraintProblem } from '../../platform/documents/constraint-errors';
import type { DocField, DocumentChildren, DocumentFamily, EntityValues } from '../../platform/documents/define';
import { parseEntity } from '../../platform/documents/fields';
import { importColumns } from '../../platform/documents/import';
import * as repo from '../../platform/documents/repo';
import type { RowScope } from '../../platform/auth/who';

/**
 * A notice sheet: one row per line, the header's columns repeated on each, rows of one notice
 * grouped by its number. Every bad cell of every row is reported and nothing is written; else all
 * notices and their lines go in in one transaction.
 */
type Row = { row: number; cells: unknown[] };

/** The sheet's columns: the header's, then the line's (ids by the other row's code). */
export function noticeImportColumns(family: DocumentFamily): DocField[] {
  const children = family.children as DocumentChildren;
  const lines = importColumns({ ...family, fields: children.fields.filter((f) => f.name !== children.seq?.field) });
  return [...importColumns(family), ...lines];
}

const HEADER_SAME = (v: EntityValues) => JSON.stringify(v);

function cellsOf(columns: (DocField | null)[], cells: unknown[]): Record<string, unknown> {
  const entity: Record<string, unknown> = {};
  columns.forEach((f, i) => {
    if (f) entity[f.name] = cells[i];
  });
  return entity;
}

interface Group { noticeNo: string; firstRow: number; header: EntityValues; lines: { row: number; entity: Record<string, unknown> }[] }

/** Reads and checks the whole sheet; the groups to write, or every problem found. */
async function readSheet(db: Database, family: DocumentFamily, who: RowScope, rows: Row[], columns: (DocField | null)[]): Promise<{ groups: Group[]; problems: ImportProblem[] }> {
  const children = family.children as DocumentChildren;
  const problems: ImportProblem[] = [];
  const entities = rows.map(({ row, cells }) => ({ row, entity: cellsOf(columns, cells) }));
  problems.push(...(await resolveCodes(db, family, who, entities)));
  problems.push(...(await resolveCodes(db, { ...family, fields: children.fields }, who, entities)));
  const groups = new Map<string, Group>();
  for (const { row, entity } of entities) {
    const no = entity.noticeNo === undefined || entity.noticeNo === null ? '' : String(entity.noticeNo).trim();
    if (no === '') {
      problems.push({ row, field: 'noticeNo', message: '通知单号不能为空！（同一通知单的明细行按通知单号归为一单）' });
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
    const group = groups.get(no);
    if (!group) groups.set(no, { noticeNo: no, firstRow: row, header, lines: [{ row, entity }] });
    else {
      if (HEADER_SAME(group.header) !== HEADER_SAME(header)) {
        problems.push({ row, field: 'noticeNo', message: `通知单 ${no} 的表头与第 ${group.firstRow} 行不一致` });
      }
      group.lines.push({ row, entity });
    }
  }
  for (const group of groups.values()) {
    const { problems: lineProblems } = readChildRows(children, group.lines.map((l) => l.entity));
    for (const p of lineProblems) {
      const row = p.row === null ? group.firstRow : group.lines[p.row - 1].row;
      problems.push({ row, field: p.field, message: p.message });
    }
  }
  const taken = await repo.valuesTaken(db, family, who, family.code.column, [...groups.keys()]);
  for (const g of groups.values()) if (taken.has(g.noticeNo)) problems.push({ row: g.firstRow, field: 'noticeNo', message: `通知单号 ${g.noticeNo} 已存在` });
  return { groups: [...groups.values()], problems };
}

/** Idem for shown problems: a code that was unknown is one problem, not also its empty id. */
function withoutShadowed(columns: DocField[], problems: ImportProblem[]): ImportProblem[] {
  const byCode = new Map(columns.flatMap((f) => (f.byCode ? [[f.name, f.byCode.name] as const] : [])));
  return problems.filter((p) => {
    const code = p.field ? byCode.get(p.field) : undefined;
    return !code || !problems.some((q) => q.row === p.row && q.field === code);
  });
}

export async function importNotices(db: Database, family: DocumentFamily, who: RowScope, bytes: Buffer): Promise<{ imported: number; lines: number }> {
  const children = family.children as DocumentChildren;
  let sheet;
  try {
    sheet = await readFirstSheet(bytes);
  } catch {
    throw badRequest('文件不是有效的 Excel (.xlsx) 文件', 'file');
  }
  if (sheet.rows.length === 0) throw badRequest('文件中没有数据', 'file');
  if (sheet.rows.length > IMPORT_ROWS_MAX) throw badRequest(`一次最多导入 ${IMPORT_ROWS_MAX} 行`, 'file');
  const all = noticeImportColumns(family);
  const columns = sheet.headers.map((h) => all.find((f) => f.label === h || f.name === h) ?? null);
  const missing = all.filter((f) => f.required && f.default === undefined && !columns.includes(f)).map((f) => ({ row: 1, field: f.name, message: `缺少必填列：${f.label}` }));
  if (!columns.some((f) => f?.name === 'noticeNo')) missing.unshift({ row: 1, field: 'noticeNo', message: '缺少必填列：通知单号' });
  if (missing.length) throw badRequestWith(missing, { imported: 0 });
  const { groups, problems } = await readSheet(db, family, who, sheet.rows, columns);
  const shown = withoutShadowed([...family.fields, ...children.fields], problems).sort((a, b) => a.row - b.row);
  if (shown.length) throw badRequestWith(shown, { imported: 0 });
  try {
    return await db.transaction().execute(async (tx) => {
      const headers = groups.map((g) => ({ ...g.header, noticeNo: g.noticeNo }));
      await fillCodes(tx, family, who, headers);
      const ids = await repo.insertRows(tx, family, who, headers);
      let lines = 0;
      for (const [i, g] of groups.entries()) {
        const { rows } = readChildRows(children, g.lines.map((l) => l.entity));
        // the lines' checks with their header, as a form's create runs them (a sales notice's grant)
        const refused = children.checkWrite ? await children.checkWrite(tx, who, null, headers[i], rows) : [];
        if (refused.length) throw badRequestWith(refused.map((p) => ({ row: g.lines[(p.row ?? 1) - 1]?.row ?? g.firstRow, field: p.field, message: p.message })), { imported: 0 });
        await childRepo.insertChildren(tx, children, who, ids[i], rows);
        lines += rows.length;
      }
      await writeLogs(tx, headers.map((h, i) => entryOf(who, { action: 'import', family: family.label, docNo: String(h.noticeNo), detail: `导入，明细 ${groups[i].lines.length} 行` })));
      return { imported: ids.length, lines };
    });
  } catch (err) {
    const problem = constraintProblem({ ...family, fields: [...family.fields, ...children.fields] }, err);
    if (!problem) throw err;
    // a rule only the database knows (a material of the group not given to this company): the row that broke it
    const field = problem.field;
    const hit = field ? groups.flatMap((g) => g.lines).find((l) => problem.values.includes(String(l.entity[field]))) : undefined;
    throw badRequestWith([{ row: hit?.row ?? 0, field, message: problem.message }], { imported: 0 });
  }
}
