import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { SearchCondition } from '@wb/protocol';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';

/**
 * Inventory classes (存货分类), the group's tree: the left tree of the material list. Choosing a
 * class lists the materials of that class and of every class below it.
 */
export async function classTree(db: Database, groupId: string) {
  const rows = await db
    .selectFrom('md_material_class')
    .select(['id', 'parent_id', 'invc_code', 'invc_name', 'enabled'])
    .where('group_id', '=', groupId)
    .orderBy('parent_id')
    .orderBy('sort')
    .orderBy('invc_code')
    .execute();
  return rows.map((r) => ({ id: r.id, pid: r.parent_id ?? '0', name: `${r.invc_code} ${r.invc_name}`, code: r.invc_code, enabled: r.enabled }));
}

/** The class and its descendants, as the condition the material list adds. */
export async function materialsUnderClass(db: Database, who: { groupId: string }, classId: string): Promise<SearchCondition> {
  const { rows } = await sql<{ id: string }>`
    WITH RECURSIVE under AS (
      SELECT id FROM md_material_class WHERE id = ${classId}::bigint AND group_id = ${who.groupId}
      -- UNION, not UNION ALL: a loop an edit made in the tree ends instead of running on
      UNION
      SELECT c.id FROM md_material_class c JOIN under u ON c.parent_id = u.id
    ) SELECT id::text FROM under`.execute(db);
  // an unknown class (or another group's) lists nothing, rather than everything
  return { key: 'invcId', op: 'in', val: rows.length ? rows.map((r) => r.id) : ['0'] };
}

export function classRoutes(app: FastifyInstance, db: Database): void {
  app.get('/api/masterdata/inventory-class/tree', { config: { access: { permission: 'md_inventory_view' } } }, async (request) =>
    ok(await classTree(db, request.caller.groupId)));
}
