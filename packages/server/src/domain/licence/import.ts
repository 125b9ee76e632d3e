import { entryOf, writeLog, writeLogs } from '../../platform/audit/log';
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
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { STATUS_WORDS } from '../../platform/documents/lifecycle';

/**
 * Grants with their lines from outside: a sheet (one row per line, the grant's columns repeated,
 * rows of one grant grouped by its number) or an interface push (grants, each with `entitysub`).
 * Every problem of every row is reported and nothing is written; else all grants and their lines
 * go in in one transaction, imported as drafts (a grant is audited here before goods go on it).
 */

/** The sheet's columns: the grant's, then the line's (ids by the other row's code). */
export const grantImportColumns = headerAndLineColumns;

/** Checks every grant and line; the groups to write, or every problem found. */
async function readGroups(db: Database, family: DocumentFamily, who: RowScope, entities: SheetEntity[], how: 'import' | 'datax') {
  const codeField = family.code.field;
  const { groups, problems, label } = await groupHeaderAndLines(db, family, who, entities);
  const taken = await repo.valuesTaken(db, family, who, family.code.column, [...groups.keys()]);
  // a sheet adds grants; a push sends a grant again when the authority changed it (the write checks it is still a draft)
  if (how === 'import') for (const g of groups.values()) if (taken.has(g.code)) problems.push({ row: g.firstRow, field: codeField, message: `${label} ${g.code} 已存在` });
  return { groups: [...groups.values()], problems, taken };
}

async function writeGroups(db: Database, family: DocumentFamily, who: RowScope, entities: SheetEntity[], how: 'import' | 'datax') {
  const children = family.children as DocumentChildren;
  const { groups, problems, taken } = await readGroups(db, family, who, entities, how);
  const shown = withoutShadowed([...family.fields, ...children.fields], problems).sort((a, b) => a.row - b.row);
  if (shown.length) throw badRequestWith(shown, { imported: 0 });
  try {
    return await db.transaction().execute(async (tx) => {
      const fresh = groups.filter((g) => !taken.has(g.code));
      const again = groups.filter((g) => taken.has(g.code));
      const replaced = await lockDrafts(tx, who, again);
      const headers = fresh.map((g) => ({ ...g.header, [family.code.field]: g.code }));
      await fillCodes(tx, family, who, headers);
      const ids = [...(headers.length ? await repo.insertRows(tx, family, who, headers) : []), ...replaced];
      for (const [i, g] of again.entries()) await repo.updateRow(tx, family, who, replaced[i], g.header);
      if (replaced.length) await childRepo.deleteChildrenOf(tx, children, replaced);
      let lines = 0;
      for (const [i, g] of [...fresh, ...again].entries()) {
        const { rows } = readChildRows(children, g.lines.map((l) => l.entity));
        await childRepo.insertChildren(tx, children, who, ids[i], rows);
        lines += rows.length;
      }
      if (how === 'import') {
        await writeLogs(tx, groups.map((g) => entryOf(who, { action: 'import', family: family.label, docNo: g.code, detail: `导入，明细 ${g.lines.length} 行` })));
      } else {
        const detail = `接口推送 ${groups.length} 张（新增 ${fresh.length}，更新 ${again.length}）：${groups.map((g) => g.code).join('、')}，明细 ${lines} 行`;
        await writeLog(tx, entryOf(who, { action: 'datax', family: family.label, detail }));
      }
      return { imported: fresh.length, updated: again.length, lines };
    });
  } catch (err) {
    const problem = constraintProblem({ ...family, fields: [...family.fields, ...children.fields] }, err);
    if (!problem) throw err;
    const field = problem.field;
    const hit = field ? groups.flatMap((g) => g.lines).find((l) => problem.values.includes(String(l.entity[field]))) : undefined;
    throw badRequestWith([{ row: hit?.row ?? 0, field, message: problem.message }], { imported: 0 });
  }
}

/**
 * The grants a push sends again, locked: each must still be a draft nothing was drawn on, or the
 * whole push is refused naming it (an audited licence changes here, by un-audit, not from outside).
 */
async function lockDrafts(tx: Transaction<DB>, who: RowScope, groups: HeaderGroup[]): Promise<string[]> {
  if (groups.length === 0) return [];
  const codes = groups.map((g) => g.code);
  const { rows } = await sql<{ id: string; grant_no: string; doc_status: string; drawn: string }>`
    SELECT g.id::text, g.grant_no, g.doc_status,
           (SELECT coalesce(sum(l.drawn_quantity), 0) FROM mgp_grant_line l WHERE l.grant_id = g.id)::text AS drawn
      FROM mgp_grant g WHERE g.org_id = ${who.orgId}::bigint AND g.grant_no = ANY(${codes}::text[]) ORDER BY g.id FOR UPDATE`.execute(tx);
  const problems = groups.flatMap((g) => {
    const r = rows.find((x) => x.grant_no === g.code);
    if (!r) return [{ row: g.firstRow, field: 'grantNo', message: `许可证 ${g.code} 不存在` }];
    if (r.doc_status !== 'FREE') return [{ row: g.firstRow, field: 'grantNo', message: `许可证 ${g.code} ${STATUS_WORDS[r.doc_status as 'AUDITED'] ?? r.doc_status}，不能由接口修改` }];
    if (Number(r.drawn) > 0) return [{ row: g.firstRow, field: 'grantNo', message: `许可证 ${g.code} 已有提货数量，不能由接口修改` }];
    return [];
  });
  if (problems.length) throw badRequestWith(problems, { imported: 0 });
  return groups.map((g) => (rows.find((x) => x.grant_no === g.code) as { id: string }).id);
}

export async function importGrants(db: Database, family: DocumentFamily, who: RowScope, bytes: Buffer) {
  const all = grantImportColumns(family);
  const entities = await readImportSheet(bytes, all, all.filter((f) => f.name === family.code.field));
  return writeGroups(db, family, who, entities, 'import');
}

/**
 * The push: each grant with its lines (`entitysub`), numbered row by row as the sheet would be
 * (grant 1's lines first), so a problem names the grant and line it is in. A grant already here is
 * sent again when the authority changed it: a draft takes the pushed header and lines.
 */
export async function pushGrants(db: Database, family: DocumentFamily, who: RowScope, grants: { entity: Record<string, unknown>; entitysub: Record<string, unknown>[] }[]) {
  let row = 0;
  const entities = grants.flatMap((g) => (g.entitysub.length ? g.entitysub : [{}]).map((line) => ({ row: ++row, entity: { ...g.entity, ...line } })));
  return writeGroups(db, family, who, entities, 'datax');
}
