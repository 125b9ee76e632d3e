import { sql } from 'kysely';
import type { Database } from '../../../platform/db/pool';
import { AppError } from '../../../platform/http/errors';
import type { DataSourceCreate, DataSourceUpdate } from './rules';

/** What a data source answers: everything but the password (whether one is stored, nothing more). */
const PUBLIC = [
  'id', 'source_name as sourceName', 'kind', 'host', 'port', 'database', 'username', 'ssl', 'enabled', 'remark', 'version',
  'created_at as createDate', sql<boolean>`password_enc IS NOT NULL`.as('hasPassword'), 'validation_query as validationQuery',
] as const;

export type DataSourceRow = { id: string; sourceName: string; kind: string; host: string; port: number; database: string; username: string; ssl: boolean; enabled: boolean; remark: string | null; version: number; hasPassword: boolean; validationQuery: string | null };

export async function readDataSource(db: Database, orgId: string, id: string): Promise<DataSourceRow | undefined> {
  return db.selectFrom('sys_data_source').select(PUBLIC).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst() as Promise<DataSourceRow | undefined>;
}

/** The connection settings with the sealed password: for the connection only, never answered. */
export async function connectionOf(db: Database, orgId: string, id: string) {
  return db.selectFrom('sys_data_source').select(['id', 'source_name', 'host', 'port', 'database', 'username', 'password_enc', 'ssl', 'enabled', 'validation_query'])
    .where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

const nameTaken = (err: unknown) => (err as { code?: string; constraint?: string }).code === '23505';

export async function insertDataSource(db: Database, who: { orgId: string; userId: string }, e: DataSourceCreate, sealed: string | null): Promise<string> {
  try {
    const row = await db.insertInto('sys_data_source').values({
      org_id: who.orgId, source_name: e.sourceName, host: e.host, port: e.port, database: e.database, username: e.username, password_enc: sealed,
      ssl: e.ssl, enabled: e.enabled ?? true, remark: e.remark ?? null, validation_query: e.validationQuery ?? null, created_by: who.userId, updated_by: who.userId,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    if (nameTaken(err)) throw new AppError(400, `数据源名称 ${e.sourceName} 已存在`, 'sourceName');
    throw err;
  }
}

/** Locks the row the update changes; refuses one changed since it was read. */
export async function lockForUpdate(db: Database, orgId: string, id: string, version: number): Promise<DataSourceRow> {
  const row = await db.selectFrom('sys_data_source').select(PUBLIC).where('org_id', '=', orgId).where('id', '=', id).forUpdate().executeTakeFirst() as DataSourceRow | undefined;
  if (!row) throw AppError.of('notFound', '数据源不存在', 'id');
  if (row.version !== version) throw AppError.of('conflict', `数据源 ${row.sourceName} 已被他人修改，请刷新后重试`, 'version');
  return row;
}

/** `sealed` undefined keeps the stored password. */
export async function updateDataSource(db: Database, who: { orgId: string; userId: string }, e: DataSourceUpdate, sealed: string | undefined): Promise<void> {
  try {
    await db.updateTable('sys_data_source').set({
      source_name: e.sourceName, host: e.host, port: e.port, database: e.database, username: e.username, ssl: e.ssl, remark: e.remark ?? null, validation_query: e.validationQuery ?? null,
      ...(sealed !== undefined ? { password_enc: sealed } : {}), updated_at: new Date(), updated_by: who.userId, version: sql`version + 1`,
    }).where('org_id', '=', who.orgId).where('id', '=', e.id).execute();
  } catch (err) {
    if (nameTaken(err)) throw new AppError(400, `数据源名称 ${e.sourceName} 已存在`, 'sourceName');
    throw err;
  }
}

export async function deleteDataSources(db: Database, orgId: string, ids: string[]): Promise<{ id: string; source_name: string }[]> {
  return db.deleteFrom('sys_data_source').where('org_id', '=', orgId).where('id', 'in', ids).returning(['id', 'source_name']).execute();
}

export async function setEnabled(db: Database, who: { orgId: string; userId: string }, ids: string[], enabled: boolean): Promise<{ id: string; source_name: string }[]> {
  return db.updateTable('sys_data_source').set({ enabled, updated_at: new Date(), updated_by: who.userId, version: sql`version + 1` })
    .where('org_id', '=', who.orgId).where('id', 'in', ids).where('enabled', '=', !enabled).returning(['id', 'source_name']).execute();
}
