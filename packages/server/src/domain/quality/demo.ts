import { sql } from 'kysely';
import type { Database } from '../../platform/db/pool';

/**
 * The demo plant's lab: a dry-basis sulphur item, the bituminous coal format (water and sulphur as
 * received entered, sulphur on the dry basis derived: St,d = St,ar x 100 / (100 - Mt)), rechecks
 * averaged and one sample per vendor and day, the auto model that gives coal 0201001 that format,
 * a lab team and a barrel group, and the five default items plus the dry basis given to the quality
 * staff's role. Made through the platform's own calls.
 */
interface DemoCall {
  send<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T>;
}

const COAL = '0201001';

export async function seedQualityDemo(db: Database, call: DemoCall, orgId: string): Promise<void> {
  const material = await db.selectFrom('md_material_alloc as a').innerJoin('md_material as m', 'm.id', 'a.archive_id')
    .select('a.archive_id as id').where('a.org_id', '=', orgId).where('m.inv_code', '=', COAL).executeTakeFirst();
  if (!material) throw new Error(`quality demo: material ${COAL} is not in the demo plant`);
  await call.send('POST', '/api/quality/item/create', { entity: { itemCode: '006', itemName: '干基全硫', unit: '%', precisionDigits: 3, minValue: 0, maxValue: 100, method: 'GB/T 214 由收到基换算', sort: 60 } });
  const format = await call.send<{ id: string }>('POST', '/api/quality/format/create', {
    entity: { formatCode: 'YM-01', formatName: '烟煤化验', recheckMode: 'AVERAGE', batchTrucks: 0, remark: '演示：收到基全水、全硫，干基全硫由公式计算' },
    entitysub: [{ itemCode: '001' }, { itemCode: '003' }, { itemCode: '006', formula: '[003] * 100 / (100 - [001])' }],
  });
  await call.send('POST', '/api/quality/auto-model/create', { entity: { materialId: material.id, formatId: format.id, remark: '演示：烟煤按烟煤化验模板' } });
  await call.send('POST', '/api/quality/group/create', { entity: { code: 'HX01', name: '化学分析组' } });
  await call.send('POST', '/api/quality/barrel/create', { entity: { code: 'T01', name: '进厂煤留样桶' } });
  await giveItemsToQualityRole(db, call, orgId);
}

/** The role's scope is written whole: its organisations, classes and prefixes as they are, the lab's items added. */
async function giveItemsToQualityRole(db: Database, call: DemoCall, orgId: string): Promise<void> {
  const { rows: [role] } = await sql<{ id: string }>`
    SELECT r.id::text AS id FROM sys_role r JOIN sys_org o ON o.group_id = r.group_id WHERE o.id = ${orgId} AND r.role_code = 'ROLE_QUALITY'`.execute(db);
  if (!role) return;
  const ids = async (table: string, column: string) => (await sql<{ id: string }>`SELECT ${sql.ref(column)}::text AS id FROM ${sql.table(table)} WHERE role_id = ${role.id}::bigint`.execute(db)).rows.map((r) => r.id);
  const { rows: items } = await sql<{ id: string }>`
    SELECT i.id::text AS id FROM qm_assay_item i JOIN sys_org o ON o.group_id = i.group_id WHERE o.id = ${orgId} AND i.item_code IN ('001', '002', '003', '004', '005', '006')`.execute(db);
  await call.send('PUT', `/api/sys-role/${role.id}/scope`, {
    orgIds: await ids('sys_role_org', 'org_id'), assayItemIds: items.map((i) => i.id), classIds: await ids('sys_role_material_class', 'class_id'), codeRuleIds: await ids('sys_role_code_rule', 'rule_id'),
  });
}
