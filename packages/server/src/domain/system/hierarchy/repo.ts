import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import type { HierarchyTarget } from './rules';

/** The company's enabled rule for a tree, or null: without one a tree's codes are free. */
export async function hierarchyRuleFor(tx: Transaction<DB>, orgId: string, target: HierarchyTarget): Promise<string | null> {
  const row = await tx.selectFrom('sys_hierarchy_rule').select('levels').where('org_id', '=', orgId).where('target', '=', target).where('enabled', '=', true).executeTakeFirst();
  return row?.levels ?? null;
}
