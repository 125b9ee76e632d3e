import type { Transaction } from 'kysely';
import type { ChangeNote } from '../../../platform/audit/log';
import type { Who } from '../../../platform/auth/who';
import type { DB } from '../../../platform/db/schema';
import { dataSourceKey } from './key-repo';
import * as repo from './repo';
import { changedFields, typedPassword, type DataSourceCreate, type DataSourceUpdate } from './rules';
import { sealSecret } from './secret-box';

type Tx = Transaction<DB>;
const FAMILY = '数据源';

/** A new data source; its password sealed before it reaches the table. */
export async function createDataSource(tx: Tx, who: Who, e: DataSourceCreate): Promise<{ id: string; note: ChangeNote }> {
  const password = typedPassword(e.password);
  const sealed = password === null ? null : sealSecret(await dataSourceKey(tx), password);
  const id = await repo.insertDataSource(tx, who, e, sealed);
  return { id, note: { action: 'create', family: FAMILY, docNo: e.sourceName, detail: `${e.username}@${e.host}:${e.port}/${e.database}${password === null ? '' : '；已设密码'}` } };
}

/** Changes a data source; a blank password keeps the stored one. The log names a new password, never its value. */
export async function updateDataSource(tx: Tx, who: Who, e: DataSourceUpdate): Promise<{ id: string; note: ChangeNote }> {
  const before = await repo.lockForUpdate(tx, who.orgId, e.id, e.version);
  const password = typedPassword(e.password);
  const sealed = password === null ? undefined : sealSecret(await dataSourceKey(tx), password);
  await repo.updateDataSource(tx, who, e, sealed);
  return { id: e.id, note: { action: 'update', family: FAMILY, docNo: e.sourceName, detail: changedFields(before, e, password !== null) || '无变化' } };
}

export async function deleteDataSources(tx: Tx, who: Who, ids: string[]): Promise<ChangeNote[]> {
  const rows = await repo.deleteDataSources(tx, who.orgId, ids);
  return rows.map((r) => ({ action: 'delete', family: FAMILY, docNo: r.source_name }));
}

export async function switchDataSources(tx: Tx, who: Who, ids: string[], enabled: boolean): Promise<ChangeNote[]> {
  const rows = await repo.setEnabled(tx, who, ids, enabled);
  return rows.map((r) => ({ action: enabled ? 'enable' : 'disable', family: FAMILY, docNo: r.source_name }));
}
