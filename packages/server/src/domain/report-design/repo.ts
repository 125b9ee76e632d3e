import { sql } from 'kysely';
import type { ReportDefinition } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { AppError, badRequest } from '../../platform/http/errors';
import { reportMenuPath } from './rules';

/** A designed report as the designer lists and edits it. */
export interface ReportRow {
  id: string;
  code: string;
  name: string;
  definition: ReportDefinition;
  menuId: string | null;
  remark: string | null;
  updatedAt: Date;
  updatedBy: string | null;
  version: number;
}

const columns = ['r.id', 'r.code', 'r.name', 'r.definition', 'r.menu_id', 'r.remark', 'r.updated_at', 'r.version'] as const;

type Selected = { id: string; code: string; name: string; definition: unknown; menu_id: string | null; remark: string | null; updated_at: unknown; version: number; updated_by_name: string | null };

const toRow = (r: Selected): ReportRow => ({
  id: r.id, code: r.code, name: r.name, definition: r.definition as ReportDefinition, menuId: r.menu_id, remark: r.remark,
  updatedAt: r.updated_at as Date, updatedBy: r.updated_by_name, version: r.version,
});

function selectReports(db: Database, orgId: string) {
  return db.selectFrom('rpt_report as r').leftJoin('sys_user as u', 'u.id', 'r.updated_by')
    .select([...columns, 'u.real_name as updated_by_name']).where('r.org_id', '=', orgId);
}

/** The organisation's designed reports, newest change first, found by a part of their code or name. */
export async function listReports(db: Database, orgId: string, q: { search?: string; pn: number; ps: number }): Promise<{ list: ReportRow[]; total: number }> {
  let base = selectReports(db, orgId);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('r.code', 'ilike', like), eb('r.name', 'ilike', like)]));
  }
  const [rows, count] = await Promise.all([
    base.orderBy('r.updated_at', 'desc').orderBy('r.id', 'desc').limit(q.ps).offset((q.pn - 1) * q.ps).execute(),
    base.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toRow), total: Number(count.n) };
}

export async function getReport(db: Database, orgId: string, id: string, lock = false): Promise<ReportRow> {
  let q = selectReports(db, orgId).where('r.id', '=', id);
  if (lock) q = q.forUpdate('r');
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError(404, `报表不存在: ${id}`, 'id');
  return toRow(row);
}

/** A new report; the code is unique in the organisation (a clash, even a simultaneous one, is a 400 naming it). */
export async function insertReport(db: Database, who: { orgId: string; userId: string }, def: ReportDefinition, remark: string | null): Promise<ReportRow> {
  const inserted = await db.insertInto('rpt_report')
    .values({ org_id: who.orgId, code: def.code, name: def.name, definition: JSON.stringify(def), remark, created_by: who.userId, updated_by: who.userId })
    .onConflict((oc) => oc.columns(['org_id', 'code']).doNothing())
    .returning('id').executeTakeFirst();
  if (!inserted) throw badRequest(`报表编码 ${def.code} 已存在`, 'code');
  return getReport(db, who.orgId, inserted.id);
}

/**
 * Saves a new definition over the version the editor read: one of two edits of the same version
 * wins, the other is told the report changed meanwhile (409). The code stays what it was.
 */
export async function updateReport(db: Database, who: { orgId: string; userId: string }, id: string, version: number, def: ReportDefinition, remark?: string | null): Promise<ReportRow> {
  const before = await getReport(db, who.orgId, id, true);
  if (before.version !== version) throw AppError.of('conflict', `报表 ${before.code} 已被他人修改，请刷新后重试`, 'version');
  if (def.code !== before.code) throw badRequest(`报表编码不能修改（原为 ${before.code}）`, 'code');
  await db.updateTable('rpt_report')
    .set({
      name: def.name, definition: JSON.stringify(def), updated_at: sql<never>`now()`, updated_by: who.userId, version: sql<number>`version + 1`,
      ...(remark === undefined ? {} : { remark }),
    })
    .where('org_id', '=', who.orgId).where('id', '=', id).execute();
  return getReport(db, who.orgId, id);
}

export async function deleteReport(db: Database, orgId: string, row: ReportRow): Promise<void> {
  if (row.menuId) await deleteLeaf(db, orgId, row.menuId);
  await db.deleteFrom('rpt_report_width').where('org_id', '=', orgId).where('report_code', '=', row.code).execute();
  await db.deleteFrom('rpt_report').where('org_id', '=', orgId).where('id', '=', row.id).execute();
}

/** The codes of the company's roles (a report's readers are named by these), with their names. */
export async function companyRoles(db: Database, groupId: string): Promise<{ code: string; name: string; nameEn: string | null; isAdmin: boolean }[]> {
  const rows = await db.selectFrom('sys_role').select(['role_code', 'role_name', 'role_name_en', 'is_admin'])
    .where('group_id', '=', groupId).orderBy('role_code').execute();
  return rows.map((r) => ({ code: r.role_code, name: r.role_name, nameEn: r.role_name_en, isAdmin: r.is_admin }));
}

/** The sidebar folder designed reports are placed in. */
async function reportFolderId(db: Database): Promise<string> {
  const folder = await db.selectFrom('sys_menu').select('id').where('kind', '=', 'menu').where('path', '=', '/reportforms')
    .where('parent_id', 'is', null).where('org_id', 'is', null).executeTakeFirst();
  if (!folder) throw badRequest('菜单中没有报表中心目录', 'menu');
  return folder.id;
}

/**
 * Places a report in the menu: a leaf of the organisation under 报表中心 at /reportforms/<code>
 * opening the report viewer, granted (with the folder) to the company's administrator roles and
 * the report's roles. A path the platform's own menu uses is refused.
 */
export async function placeInMenu(db: Database, who: { orgId: string; groupId: string }, row: ReportRow): Promise<string> {
  const path = reportMenuPath(row.code);
  const taken = await db.selectFrom('sys_menu').select('id').where('kind', '=', 'menu').where('path', '=', path).where('org_id', 'is', null).executeTakeFirst();
  if (taken) throw badRequest(`菜单路径 ${path} 已被系统菜单占用，请换一个报表编码`, 'code');
  const parentId = await reportFolderId(db);
  const { max } = await db.selectFrom('sys_menu').select((eb) => eb.fn.max<number>('sort').as('max')).where('parent_id', '=', parentId).executeTakeFirstOrThrow();
  const leaf = await db.insertInto('sys_menu').values({
    parent_id: parentId, kind: 'menu', name: row.definition.name, name_en: row.definition.nameEn || null, path, component: 'reports/view',
    org_id: who.orgId, sort: (max ?? 0) + 1,
  }).onConflict((oc) => oc.columns(['org_id', 'path']).where('org_id', 'is not', null).where('kind', '=', 'menu').doNothing())
    .returning('id').executeTakeFirst();
  if (!leaf) throw badRequest(`报表 ${row.code} 已在菜单中`, 'menu');
  await db.updateTable('rpt_report').set({ menu_id: leaf.id }).where('org_id', '=', who.orgId).where('id', '=', row.id).execute();
  await grantLeaf(db, who.groupId, leaf.id, parentId, row.definition.roles);
  return leaf.id;
}

/** The leaf's grants as the report's roles say now (administrators always): after an edit of its roles. */
export async function grantLeaf(db: Database, groupId: string, leafId: string, folderId: string | null, roles: readonly string[]): Promise<void> {
  await db.deleteFrom('sys_role_menu').where('menu_id', '=', leafId).execute();
  const holders = db.selectFrom('sys_role').select('id').where('group_id', '=', groupId)
    .where((eb) => eb.or([eb('is_admin', '=', true), ...(roles.length ? [eb('role_code', 'in', [...roles])] : [])]));
  for (const menuId of folderId ? [leafId, folderId] : [leafId]) {
    await db.insertInto('sys_role_menu').columns(['role_id', 'menu_id'])
      .expression(holders.select(sql<string>`${menuId}::bigint`.as('menu_id')))
      .onConflict((oc) => oc.doNothing()).execute();
  }
}

/** After an edit: the placed leaf carries the report's name and is granted to its roles. */
export async function refreshLeaf(db: Database, who: { orgId: string; groupId: string }, row: ReportRow): Promise<void> {
  if (!row.menuId) return;
  const leaf = await db.updateTable('sys_menu').set({ name: row.definition.name, name_en: row.definition.nameEn || null })
    .where('id', '=', row.menuId).where('org_id', '=', who.orgId).returning('parent_id').executeTakeFirst();
  if (!leaf) return;
  await grantLeaf(db, who.groupId, row.menuId, leaf.parent_id, row.definition.roles);
}

/**
 * Deletes a placed report's leaf with its grants; a role for which it was the last leaf under its
 * folder (报表中心) loses the folder's grant too, so no role keeps an empty folder in its sidebar.
 */
async function deleteLeaf(db: Database, orgId: string, leafId: string): Promise<void> {
  const leaf = await db.selectFrom('sys_menu').select('parent_id').where('id', '=', leafId).where('org_id', '=', orgId).executeTakeFirst();
  if (!leaf) return;
  const holders = (await db.selectFrom('sys_role_menu').select('role_id').where('menu_id', '=', leafId).execute()).map((r) => r.role_id);
  await db.deleteFrom('sys_menu').where('id', '=', leafId).where('org_id', '=', orgId).execute();
  const folderId = leaf.parent_id;
  if (!folderId || !holders.length) return;
  await db.deleteFrom('sys_role_menu').where('menu_id', '=', folderId).where('role_id', 'in', holders)
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('sys_role_menu as other').innerJoin('sys_menu as m', 'm.id', 'other.menu_id').select('other.menu_id')
        .whereRef('other.role_id', '=', 'sys_role_menu.role_id').where('m.parent_id', '=', folderId),
    )))
    .execute();
}

/** Takes a report's leaf out of the menu (its grants go with it, and the folder's where it was the role's last leaf). */
export async function removeFromMenu(db: Database, orgId: string, row: ReportRow): Promise<void> {
  if (!row.menuId) throw badRequest(`报表 ${row.code} 不在菜单中`, 'menu');
  await deleteLeaf(db, orgId, row.menuId);
  await db.updateTable('rpt_report').set({ menu_id: null }).where('org_id', '=', orgId).where('id', '=', row.id).execute();
}
