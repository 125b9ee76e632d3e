import type { WeighParamKey } from '@wb/protocol';
import type { Database } from '../../../../platform/db/pool';

/** The organisation's stored parameter values, as text by key. */
export async function storedParams(db: Database, orgId: string): Promise<Record<string, string>> {
  const rows = await db.selectFrom('sys_param').select(['param_key', 'param_value']).where('org_id', '=', orgId).execute();
  return Object.fromEntries(rows.map((r) => [r.param_key, r.param_value]));
}

/** Writes the given values of one organisation; keys not given keep theirs. */
export async function saveParams(db: Database, orgId: string, values: Partial<Record<WeighParamKey, string>>): Promise<void> {
  const rows = Object.entries(values).map(([param_key, param_value]) => ({ org_id: orgId, param_key, param_value: param_value as string }));
  if (rows.length === 0) return;
  await db
    .insertInto('sys_param')
    .values(rows)
    .onConflict((oc) => oc.columns(['org_id', 'param_key']).doUpdateSet((eb) => ({ param_value: eb.ref('excluded.param_value') })))
    .execute();
}
