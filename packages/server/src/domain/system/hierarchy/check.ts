import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import type { EntityValues } from '../../../platform/documents/define';
import { hierarchyRuleFor } from './repo';
import { checkHierarchyCode } from './rules';

/**
 * A material class's code against the company's hierarchy rule (when it has one), on create and
 * on update (the code stays, the parent may move): the class's code must be its parent's code and
 * its own segment of its level's width.
 */
export async function materialClassCodeProblems(tx: Transaction<DB>, who: { orgId: string; groupId: string }, id: string | null, values: EntityValues): Promise<{ field: string; message: string }[]> {
  const levels = await hierarchyRuleFor(tx, who.orgId, 'MATERIAL_CLASS');
  if (!levels) return [];
  const stored = id
    ? (await sql<{ code: string; parent_id: string | null }>`SELECT invc_code AS code, parent_id::text FROM md_material_class WHERE id = ${id}::bigint AND group_id = ${who.groupId}`.execute(tx)).rows[0]
    : undefined;
  const code = String(values.invcCode ?? stored?.code ?? '');
  const parentId = 'parentId' in values ? (values.parentId as string | null) : stored?.parent_id ?? null;
  if (!code) return [];
  const parentCode = parentId
    ? (await sql<{ code: string }>`SELECT invc_code AS code FROM md_material_class WHERE id = ${parentId}::bigint AND group_id = ${who.groupId}`.execute(tx)).rows[0]?.code ?? null
    : null;
  if (parentId && parentCode === null) return [];
  const problem = checkHierarchyCode(levels, code, parentCode, '分类编码');
  return problem ? [{ field: 'invcCode', message: problem }] : [];
}

/**
 * A region's code (区域档案, masterdata/region) against the company's hierarchy rule for regions,
 * the same way: a region's code is its parent's code and its own segment of its level's width.
 */
export async function regionCodeProblems(tx: Transaction<DB>, who: { orgId: string }, id: string | null, values: EntityValues): Promise<{ field: string; message: string }[]> {
  const levels = await hierarchyRuleFor(tx, who.orgId, 'REGION');
  if (!levels) return [];
  const stored = id
    ? (await sql<{ code: string; parent_id: string | null }>`SELECT region_code AS code, parent_id::text FROM md_region WHERE id = ${id}::bigint AND org_id = ${who.orgId}`.execute(tx)).rows[0]
    : undefined;
  const code = String(values.regionCode ?? stored?.code ?? '');
  const parentId = 'parentId' in values ? (values.parentId as string | null) : stored?.parent_id ?? null;
  if (!code) return [];
  const parentCode = parentId
    ? (await sql<{ code: string }>`SELECT region_code AS code FROM md_region WHERE id = ${parentId}::bigint AND org_id = ${who.orgId}`.execute(tx)).rows[0]?.code ?? null
    : null;
  if (parentId && parentCode === null) return [];
  const problem = checkHierarchyCode(levels, code, parentCode, '区域编码');
  return problem ? [{ field: 'regionCode', message: problem }] : [];
}
