import { entryOf, writeLogs } from '../../platform/audit/log';
import type { ImportProblem } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { badRequestWith } from '../../platform/http/errors';
import { fillCodes } from '../../platform/documents/actions';
import { readChildRows } from '../../platform/documents/children';
import * as childRepo from '../../platform/documents/child-repo';
import { constraintProblem } from '../../platform/documents/constraint-errors';
import type { DocumentChildren, DocumentFamily } from '../../platform/documents/define';
import { groupHeaderAndLines, headerAndLineColumns, readImportSheet, withoutShadowed, type HeaderGroup, type SheetEntity } from '../../platform/documents/header-lines-import';
import * as repo from '../../platform/documents/repo';
import type { RowScope } from '../../platform/auth/who';

/**
 * A notice sheet: one row per line, the header's columns repeated on each, rows of one notice
 * grouped by its number. Every bad cell of every row is reported and nothing is written; else all
 * notices and their lines go in in one transaction. The sheet is read by the shared reader
 * (platform/documents/header-lines-import.ts readImportSheet).
 */

/** The sheet's columns: the header's, then the line's (ids by the other row's code). */
export const noticeImportColumns = headerAndLineColumns;

/** Reads and checks the whole sheet; the groups to write, or every problem found. */
async function readSheet(db: Database, family: DocumentFamily, who: RowScope, entities: SheetEntity[]): Promise<{ groups: HeaderGroup[]; problems: ImportProblem[] }> {
  const { groups, problems } = await groupHeaderAndLines(db, family, who, entities, '通知单');
  const taken = await repo.valuesTaken(db, family, who, family.code.column, [...groups.keys()]);
  for (const g of groups.values()) if (taken.has(g.code)) problems.push({ row: g.firstRow, field: 'noticeNo', message: `通知单号 ${g.code} 已存在` });
  return { groups: [...groups.values()], problems };
}

export async function importNotices(db: Database, family: DocumentFamily, who: RowScope, bytes: Buffer): Promise<{ imported: number; lines: number }> {
  const children = family.children as DocumentChildren;
  const all = noticeImportColumns(family);
  const entities = await readImportSheet(bytes, all, all.filter((f) => f.name === 'noticeNo'));
  const { groups, problems } = await readSheet(db, family, who, entities);
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
