import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../platform/db/pool';
import { ok } from '../../../platform/http/envelope';
import { documentButtons, menuLeaf as leaf, ROLE } from '../../../platform/menu/define';
import { defineModule } from '../../../platform/module/define';
import { REGION_PATH, REGION_TREE_URL, regionFamily } from './family';

/** The company's region tree, for the region popup: every region with its code and name. */
export async function regionTree(db: Database, orgId: string) {
  const rows = await db.selectFrom('md_region').select(['id', 'parent_id', 'region_code', 'region_name', 'enabled'])
    .where('org_id', '=', orgId).orderBy('parent_id').orderBy('sort').orderBy('region_code').execute();
  return rows.map((r) => ({
    id: String(r.id), pid: r.parent_id === null ? '0' : String(r.parent_id), name: `${r.region_code} ${r.region_name}`,
    code: r.region_code, regionName: r.region_name, enabled: r.enabled,
  }));
}

/** 区域档案 (family.ts): the region tree under 基础资料, coded by the hierarchy rule for regions. */
export const regionModule = defineModule({
  key: 'region',
  depends: ['masterdata', 'hierarchy-rule'],
  documents: [regionFamily],
  menu: [{
    area: '/masterdata',
    leaves: [leaf('区域档案', 'Regions', REGION_PATH, [ROLE.accountant], {
      buttons: documentButtons('md_region', ['create', 'update', 'delList', 'enable', 'disable', 'export', 'import'], [ROLE.accountant], [ROLE.operator]),
    })],
  }],
  routes: (app: FastifyInstance, { db }) => {
    app.get(REGION_TREE_URL, { config: { access: { permission: 'md_region_view' } } }, async (request) => ok(await regionTree(db, request.caller.orgId)));
  },
});
