import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/** The report centre's SQL: the reader, the rights a role grants, a company's stored report, a reader's widths. */

export interface ReaderRow {
  org_name: string | null;
  group_name: string | null;
  admin: boolean;
  roles: string[];
  orgs: { id: string; name: string }[];
}

/** Names for the macros, administrator or not, the roles held in the organisation, the reader's organisations. */
export async function readerRow(db: Database, userId: string, orgId: string, groupId: string): Promise<ReaderRow> {
  const { rows } = await sql<ReaderRow>`
    SELECT (SELECT org_name FROM sys_org WHERE id = ${orgId}) AS org_name,
           (SELECT group_name FROM sys_group WHERE id = ${groupId}) AS group_name,
           EXISTS (SELECT 1 FROM sys_user_org_role r JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled AND ro.is_admin
                    WHERE r.user_id = ${userId} AND r.org_id = ${orgId}) AS admin,
           ARRAY(SELECT DISTINCT ro.role_code FROM sys_user_org_role r JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
                  WHERE r.user_id = ${userId} AND r.org_id = ${orgId}) AS roles,
           coalesce((SELECT json_agg(json_build_object('id', o.id::text, 'name', o.org_name) ORDER BY o.org_code)
                       FROM sys_user_org uo JOIN sys_org o ON o.id = uo.org_id AND o.enabled
                      WHERE uo.user_id = ${userId}), '[]'::json) AS orgs`.execute(db);
  return rows[0]!;
}

/** The permission keys the user's enabled roles grant in the organisation. */
export async function heldPermissions(db: Database, userId: string, orgId: string): Promise<Set<string>> {
  const { rows } = await sql<{ permission: string }>`
    SELECT DISTINCT mn.permission FROM sys_user_org_role r
      JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
      JOIN sys_role_menu rm ON rm.role_id = r.role_id
      JOIN sys_menu mn ON mn.id = rm.menu_id
     WHERE r.user_id = ${userId} AND r.org_id = ${orgId} AND mn.permission IS NOT NULL`.execute(db);
  return new Set(rows.map((r) => r.permission));
}

/** Whether the user's enabled roles grant the key in the organisation. */
export async function holdsPermission(db: Database, userId: string, orgId: string, permission: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM sys_user_org_role r
        JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
        JOIN sys_role_menu rm ON rm.role_id = r.role_id
        JOIN sys_menu mn ON mn.id = rm.menu_id
       WHERE r.user_id = ${userId} AND r.org_id = ${orgId} AND mn.permission = ${permission}) AS ok`.execute(db);
  return rows[0]!.ok;
}

/** The company's designed report of that code. */
export function storedReport(db: Database, orgId: string, code: string) {
  return db.selectFrom('rpt_report').select(['id', 'definition', 'version', 'menu_id'])
    .where('org_id', '=', orgId).where('code', '=', code).executeTakeFirst();
}

/** A reader's saved widths of a report's columns. */
export async function widthsOf(db: Database, orgId: string, code: string, userId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('rpt_report_width').select(['field', 'width'])
    .where('org_id', '=', orgId).where('report_code', '=', code).where('user_id', '=', userId).execute();
  return Object.fromEntries(rows.map((r) => [r.field, r.width]));
}

/** One row per reader and column: of two drags at once, the later is kept (the key decides, no lock needed). */
export async function saveWidth(db: Database, w: { orgId: string; code: string; userId: string; field: string; width: number }): Promise<void> {
  await db.insertInto('rpt_report_width')
    .values({ org_id: w.orgId, report_code: w.code, user_id: w.userId, field: w.field, width: w.width })
    .onConflict((oc) => oc.columns(['org_id', 'report_code', 'user_id', 'field']).doUpdateSet({ width: w.width }))
    .execute();
}

/** Where a master-data parameter's name is read: its table, code and name columns, and whose rows they are. */
const NAMED: Record<string, { table: string; code: string; name: string; scope: 'group' | 'org' }[]> = {
  vendor: [{ table: 'md_vendor', code: 'vendor_code', name: 'vendor_name', scope: 'group' }],
  customer: [{ table: 'md_customer', code: 'customer_code', name: 'customer_name', scope: 'group' }],
  party: [
    { table: 'md_customer', code: 'customer_code', name: 'customer_name', scope: 'group' },
    { table: 'md_vendor', code: 'vendor_code', name: 'vendor_name', scope: 'group' },
  ],
  material: [{ table: 'md_material', code: 'inv_code', name: 'inv_name', scope: 'group' }],
  materialClass: [{ table: 'md_material_class', code: 'invc_code', name: 'invc_name', scope: 'group' }],
  carrier: [{ table: 'md_carrier', code: 'carrier_code', name: 'carrier_name', scope: 'group' }],
  warehouse: [{ table: 'md_warehouse', code: 'ware_code', name: 'ware_name', scope: 'org' }],
  user: [{ table: 'sys_user', code: 'username', name: 'real_name', scope: 'group' }],
};

/**
 * The names of the master-data ids a report was run with (its print's facts, its export's header),
 * by parameter key: "code name" of the caller's company's archive; an id it does not know keeps
 * its id. A scale is named by its station (the plant's station credentials).
 */
export async function paramNames(
  db: Database, who: { orgId: string; groupId: string }, params: { key: string; type: string }[], values: Record<string, unknown>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of params) {
    const v = values[p.key];
    if (v === null || v === undefined || v === '') continue;
    const value = String(v);
    if (p.type === 'scale') {
      const { rows } = await sql<{ name: string }>`
        SELECT station_name AS name FROM wb_station_credential WHERE org_id = ${who.orgId} AND scale_id = ${value} ORDER BY id LIMIT 1`.execute(db);
      if (rows[0]) out[p.key] = `${value} ${rows[0].name}`;
      continue;
    }
    if (!/^\d{1,18}$/.test(value)) continue;
    for (const t of NAMED[p.type] ?? []) {
      const scope = t.scope === 'group' ? sql`group_id = ${who.groupId}` : sql`org_id = ${who.orgId}`;
      const { rows } = await sql<{ code: string; name: string }>`
        SELECT ${sql.ref(t.code)} AS code, ${sql.ref(t.name)} AS name FROM ${sql.table(t.table)} WHERE id = ${value} AND ${scope}`.execute(db);
      if (rows[0]) {
        out[p.key] = `${rows[0].code} ${rows[0].name}`;
        break;
      }
    }
  }
  return out;
}

/** The plant's scales (a 'scale' parameter's choices): each scale id its stations send, named by its station. */
export async function plantScales(db: Database, orgId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await sql<{ id: string; name: string }>`
    SELECT DISTINCT ON (scale_id) scale_id AS id, station_name AS name FROM wb_station_credential
     WHERE org_id = ${orgId} ORDER BY scale_id, revoked_at IS NOT NULL, id DESC`.execute(db);
  return rows;
}
