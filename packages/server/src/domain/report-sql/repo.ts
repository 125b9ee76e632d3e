import { sql } from 'kysely';
import type { ReportField, ReportParam } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/http/errors';
import type { SqlReportCreate, SqlReportUpdate } from './rules';

export interface SqlReportRow {
  id: string;
  code: string;
  name: string;
  dataSourceId: string | null;
  dataSourceName: string | null;
  sql: string;
  params: ReportParam[];
  fields: ReportField[];
  remark: string | null;
  version: number;
  createDate: Date;
  updateDate: Date;
}

const base = (db: Database, orgId: string) => db.selectFrom('rpt_sql_report as r')
  .leftJoin('sys_data_source as s', (j) => j.onRef('s.id', '=', 'r.data_source_id').onRef('s.org_id', '=', 'r.org_id'))
  .where('r.org_id', '=', orgId)
  .select([
    'r.id', 'r.code', 'r.name', 'r.data_source_id as dataSourceId', 's.source_name as dataSourceName', 'r.sql_text as sql',
    'r.params', 'r.fields', 'r.remark', 'r.version', 'r.created_at as createDate', 'r.updated_at as updateDate',
  ]);

export async function readSqlReport(db: Database, orgId: string, id: string): Promise<SqlReportRow | undefined> {
  return base(db, orgId).where('r.id', '=', id).executeTakeFirst() as Promise<SqlReportRow | undefined>;
}

export async function listSqlReports(db: Database, orgId: string, q: { keyword?: string; pn: number; ps: number }): Promise<{ list: SqlReportRow[]; total: number }> {
  let query = base(db, orgId);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('r.code', 'ilike', like), eb('r.name', 'ilike', like)]));
  }
  const [list, count] = await Promise.all([
    query.orderBy('r.code').limit(q.ps).offset((q.pn - 1) * q.ps).execute(),
    query.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: list as SqlReportRow[], total: count.n };
}

/** Every report of the company, for the designer's source list (no SQL text). */
export async function allSqlReports(db: Database, orgId: string) {
  return db.selectFrom('rpt_sql_report').select(['id', 'code', 'name', 'params', 'fields', 'data_source_id'])
    .where('org_id', '=', orgId).orderBy('code').execute();
}

const codeTaken = (err: unknown) => (err as { code?: string; constraint?: string }).code === '23505';

/** The data source must be one of the company's own, enabled. */
export async function checkDataSource(db: Database, orgId: string, id: string | null): Promise<void> {
  if (id === null) return;
  const row = await db.selectFrom('sys_data_source').select(['enabled']).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(400, '数据源不存在', 'dataSourceId');
  if (!row.enabled) throw new AppError(400, '数据源已停用', 'dataSourceId');
}

export async function insertSqlReport(db: Database, who: { orgId: string; userId: string }, e: SqlReportCreate): Promise<string> {
  try {
    const row = await db.insertInto('rpt_sql_report').values({
      org_id: who.orgId, code: e.code, name: e.name, data_source_id: e.dataSourceId, sql_text: e.sql,
      params: JSON.stringify(e.params), fields: JSON.stringify(e.fields), remark: e.remark ?? null, created_by: who.userId, updated_by: who.userId,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    if (codeTaken(err)) throw new AppError(400, `报表编码 ${e.code} 已存在`, 'code');
    throw err;
  }
}

/** Locks the row the update changes; refuses one changed since it was read. */
export async function lockSqlReport(db: Database, orgId: string, id: string, version?: number): Promise<{ id: string; code: string; version: number }> {
  const row = await db.selectFrom('rpt_sql_report').select(['id', 'code', 'version']).where('org_id', '=', orgId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw AppError.of('notFound', '数据源报表不存在', 'id');
  if (version !== undefined && row.version !== version) throw AppError.of('conflict', `数据源报表 ${row.code} 已被他人修改，请刷新后重试`, 'version');
  return row;
}

export async function updateSqlReport(db: Database, who: { orgId: string; userId: string }, id: string, e: SqlReportUpdate): Promise<void> {
  try {
    await db.updateTable('rpt_sql_report').set({
      code: e.code, name: e.name, data_source_id: e.dataSourceId, sql_text: e.sql, params: JSON.stringify(e.params), fields: JSON.stringify(e.fields),
      remark: e.remark ?? null, updated_at: new Date(), updated_by: who.userId, version: sql`version + 1`,
    }).where('org_id', '=', who.orgId).where('id', '=', id).execute();
  } catch (err) {
    if (codeTaken(err)) throw new AppError(400, `报表编码 ${e.code} 已存在`, 'code');
    throw err;
  }
}

/** The designed reports (rpt_report) that read this query: it cannot go while they do. */
export async function reportsUsing(db: Database, orgId: string, id: string): Promise<string[]> {
  const rows = await db.selectFrom('rpt_report').select('code').where('org_id', '=', orgId)
    .where(sql<boolean>`definition->'source'->>'kind' = 'sql' AND definition->'source'->>'id' = ${id}`).execute();
  return rows.map((r) => r.code);
}

export async function deleteSqlReport(db: Database, orgId: string, id: string): Promise<void> {
  await db.deleteFrom('rpt_sql_report').where('org_id', '=', orgId).where('id', '=', id).execute();
}
