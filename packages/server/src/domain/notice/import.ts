import { entryOf, writeLogs } from '../../platform/audit/log';
import { IMPORT_ROWS_MAX, type ImportProblem } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { badRequest, badRequestWith } from '../../platform/http/errors';
import { readFirstSheet } from '../../platform/excel/workbook';
import { fillCodes } from '../../platform/documents/actions';
import { readChildRows } from '../../platform/documents/children';
import * as childRepo from '../../platform/documents/child-repo';
import { constraintProblem } from '../../platform/documents/constraint-errors';
import type { DocField, DocumentChildren, DocumentFamily } from '../../platform/documents/define';
import { groupHeaderAndLines, headerAndLineColumns, withoutShadowed, type HeaderGroup } from '../../platform/documents/header-lines-import';
import * as repo from '../../platform/documents/repo';
import type { RowScope } from '../../platform/auth/who';

/**
 * A notice sheet: one row per line, the header's columns repeated on each, rows of one notice
 * grouped by its number. Every bad cell of every row is reported and nothing is written; else all
 * notices and their lines go in in one transaction.
 */
type Row = { row: number; cells: unknown[] };

/** The sheet's columns: the header's, then the line's (ids by the other row's code). */
export const noticeImportColumns = headerAndLineColumns;

function cellsOf(columns: (DocField | null)[], cells: unknown[]): Record<string, unknown> {
  const entity: Record<string, unknown> = {};
  columns.forEach((f, i) => {
    if (f) entity[f.name] = cells[i];
  });
  return entity;
}

/** Reads and checks the whole sheet; the groups to write, or every problem found. */
async function readSheet(db: Database, family: DocumentFamily, who: RowScope, rows: Row[], columns: (DocField | null)[]): Promise<{ groups: HeaderGroup[]; problems: ImportProblem[] }> {
  const entities = rows.map(({ row, cells }) => ({ row, entity: cellsOf(columns, cells) }));
  const { groups, problems } = await groupHeaderAndLines(db, family, who, entities, '通知单');
  const taken = await repo.valuesTaken(db, family, who, family.code.column, [...groups.keys()]);
  for (const g of groups.values()) if (taken.has(g.code)) problems.push({ row: g.firstRow, field: 'noticeNo', message: `通知单号 ${g.code} 已存在` });
  return { groups: [...groups.values()], problems };
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
      const headers = groups.map((g) => ({ ...g.header, noticeNo: g.code }));
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
