import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, expectOk, orgId } from '../../test/api';
import { bearerFor, createTestApp } from '../../test/harness';
import { seedDemoDay } from '../seed/demo-day';
import { MODULES } from './modules';

// Every list the app serves, read by a clerk whose only role in the company is limited to the
// rows they created: a list whose template names an owner column answers only the clerk's rows,
// every other list answers as it does for the administrator.
const { app, database, config } = await createTestApp();
const { pool, db } = database;
await seedDemoDay(app, db, config);

const HDSN = await orgId(pool, 'HDSN');
const userId = async (username: string) => (await pool.query('SELECT id::text FROM sys_user WHERE username = $1', [username])).rows[0].id as string;
const adminId = await userId('admin');
const clerkId = await userId('quality');

// the clerk holds, in HDSN, one role granting every entry of the menu but scoped to their own rows
const ownRole = (await pool.query(`
  INSERT INTO sys_role (group_id, role_code, role_name, data_scope)
  SELECT group_id, 'ROLE_OWN', '本人单据', 'own' FROM sys_role WHERE role_code = 'ROLE_ADMIN' RETURNING id::text`)).rows[0].id as string;
await pool.query('INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, id FROM sys_menu', [ownRole]);
await pool.query('DELETE FROM sys_user_org_role WHERE user_id = $1 AND org_id = $2', [clerkId, HDSN]);
await pool.query('INSERT INTO sys_user_org_role (user_id, org_id, role_id) VALUES ($1, $2, $3)', [clerkId, HDSN, ownRole]);

interface ListUnderTest { url: string; template: string }
const LISTS: ListUnderTest[] = [
  ...MODULES.flatMap((m) => [
    ...(m.lists ?? []).map((l) => ({ url: l.url, template: l.template })),
    ...(m.documents ?? []).map((d) => ({ url: `${d.base}/v2/list`, template: d.listTemplate.formatCode })),
  ]),
];

interface Format { main_table: string; org_column: string; owner_column: string | null }
const formats = new Map(
  (await pool.query<Format & { format_code: string }>(`SELECT format_code, main_table, org_column, owner_column FROM cg_format WHERE format_type = 'LIST'`)).rows
    .map((r) => [r.format_code, r]),
);
const formatOf = (code: string): Format => {
  const f = formats.get(code);
  if (!f) throw new Error(`no list template ${code}`);
  return f;
};

// the demo morning was entered by the administrator: every second row of each owned table becomes the clerk's
// (a list over a join, such as a calculation's rows, takes its owner from its document, changed through the document's own list)
const updatable = new Set((await pool.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE is_insertable_into = 'YES'`)).rows.map((r) => r.name));
for (const f of new Set(LISTS.map((l) => formatOf(l.template)).filter((f) => f.owner_column && updatable.has(f.main_table)))) {
  await sql`UPDATE ${sql.table(f.main_table)} AS t SET ${sql.ref(f.owner_column as string)} = CASE WHEN n.rn % 2 = 0 THEN ${clerkId}::bigint ELSE ${adminId}::bigint END
              FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM ${sql.table(f.main_table)} WHERE ${sql.ref(f.org_column)} = ${HDSN}) AS n
             WHERE t.id = n.id`.execute(db);
}

const admin = await bearerFor(app, 'admin');
const clerk = await bearerFor(app, 'quality');

// and the clerk copies one row of each document that may be copied: a row the engine records as the clerk's
for (const family of MODULES.flatMap((m) => m.documents ?? []).filter((d) => d.copy !== 'none' && formatOf(d.listTemplate.formatCode).owner_column)) {
  const f = formatOf(family.listTemplate.formatCode);
  const { rows } = await sql<{ id: string }>`SELECT id::text FROM ${sql.table(f.main_table)} WHERE ${sql.ref(f.org_column)} = ${HDSN} ORDER BY id LIMIT 1`.execute(db);
  if (rows[0]) expectOk(await call(app, 'POST', `${family.base}/copy/${rows[0].id}`, clerk.authorization));
}
// opening stock and transfer forms (never copied) entered by each of the two
const [warehouse, other] = (await pool.query(`SELECT id::text FROM md_warehouse WHERE org_id = $1 ORDER BY ware_code = 'CK01' DESC, id LIMIT 2`, [HDSN])).rows;
const [material] = (await pool.query(`SELECT a.archive_id::text AS id FROM md_material_alloc a JOIN md_material m ON m.id = a.archive_id
                                       WHERE a.org_id = $1 AND m.inv_code = '0101001'`, [HDSN])).rows;
expectOk(await call(app, 'POST', '/api/stock/early/create', clerk.authorization, { entity: { warehouseId: warehouse.id, materialId: material.id, quantity: '100' } }));
for (const who of [admin, clerk]) expectOk(await call(app, 'POST', '/api/stock/transfer/create', who.authorization, {
    entity: { transferDate: '2026-11-25', fromWarehouseId: warehouse.id, toWarehouseId: other.id }, entitysub: [{ materialId: material.id, lineQuantity: '1' }],
  }));

async function read(url: string, authorization: string): Promise<{ ids: string[]; total: number }> {
  const body = expectOk(await call(app, 'POST', url, authorization, { limit: { pn: 1, ps: 100 } }));
  return { ids: body.data.list.map((r: { id: unknown }) => String(r.id)), total: body.data.total };
}

async function ownerOf(f: Format, ids: string[]): Promise<Map<string, string | null>> {
  const { rows } = await sql<{ id: string; owner: string | null }>`
    SELECT id::text, ${sql.ref(f.owner_column as string)}::text AS owner FROM ${sql.table(f.main_table)} WHERE id = ANY(${ids}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r.owner]));
}

// lists whose rows come from both users, where the narrowing shows
const narrowed: string[] = [];

describe('a role limited to own documents, on every list', () => {
  it('gathers the lists and knows each template', () => {
    expect(LISTS.length).toBeGreaterThan(40);
    expect(new Set(LISTS.map((l) => l.url)).size).toBe(LISTS.length);
    for (const l of LISTS) formatOf(l.template);
  });

  it.each(LISTS)('$url answers the clerk only the rows the clerk created', async ({ url, template }) => {
    const f = formatOf(template);
    const all = await read(url, admin.authorization);
    const mine = await read(url, clerk.authorization);
    if (!f.owner_column) {
      // nothing to narrow by: the company's rows, as for any other user of the company
      expect(mine).toEqual(all);
      return;
    }
    expect(all.total).toBeLessThanOrEqual(100);
    const owners = await ownerOf(f, all.ids);
    const clerks = all.ids.filter((id) => owners.get(id) === clerkId);
    expect(mine.ids).toEqual(clerks);
    expect(mine.total).toBe(clerks.length);
    if (clerks.length > 0 && clerks.length < all.ids.length) narrowed.push(url);
  });

  it('saw rows of both users on the business documents the test made', () => {
    expect(narrowed, narrowed.join(' ')).toEqual(expect.arrayContaining([
      '/api/notice/pu/v2/list', '/api/notice/sa/v2/list', '/api/registry/pu/v2/list', '/api/registry/sa/v2/list',
      '/api/confirm/pu/v2/list', '/api/confirm/sa/v2/list', '/api/weigh/pu/v2/list', '/api/weigh/sa/v2/list',
      '/api/stock/early/v2/list', '/api/stock/transfer/v2/list',
    ]));
  });
});
