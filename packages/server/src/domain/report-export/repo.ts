import { readWeighParams, type DisplayParams } from '@wb/protocol';
import { sql, type Transaction } from 'kysely';
import { JOB_SCHEMA } from '../../platform/jobs/boss';
import type { Database } from '../../platform/db/pool';
import type { DB } from '../../platform/db/schema';
import type { ExportSort } from '../../platform/reports/export';
import type { ReportCaller } from '../report-centre/load';
import type { ExportState } from './rules';

/** What the worker needs of the start: the caller it reads as, the resolved parameters and the order. */
export interface ExportRequest {
  who: ReportCaller;
  params: Record<string, unknown>;
  sort: ExportSort[];
}

export const EXPORT_COLUMNS = ['id', 'org_id', 'user_id', 'report_code', 'file_name', 'request', 'state', 'rows_written', 'rows_estimated', 'file_id', 'error'] as const;

export interface ExportRow {
  id: string;
  org_id: string;
  user_id: string;
  report_code: string;
  file_name: string;
  request: unknown;
  state: ExportState;
  rows_written: string;
  rows_estimated: string | null;
  file_id: string | null;
  error: string | null;
}

export async function insertExport(tx: Transaction<DB>, e: { orgId: string; userId: string; code: string; fileName: string; request: ExportRequest }): Promise<string> {
  const row = await tx.insertInto('rpt_export')
    .values({ org_id: e.orgId, user_id: e.userId, report_code: e.code, file_name: e.fileName, request: JSON.stringify(e.request) })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The caller's own export: another user's, or another company's, does not exist for them. */
export async function findOwnExport(db: Database, who: { orgId: string; userId: string }, id: string, lock = false): Promise<ExportRow | null> {
  let q = db.selectFrom('rpt_export').select(EXPORT_COLUMNS).where('id', '=', id).where('org_id', '=', who.orgId).where('user_id', '=', who.userId);
  if (lock) q = q.forUpdate();
  return ((await q.executeTakeFirst()) as ExportRow | undefined) ?? null;
}

/** The worker's claim: a queued export becomes running once; a cancelled one is not started. */
export async function claimExport(db: Database, id: string): Promise<ExportRow | null> {
  const row = await db.updateTable('rpt_export').set({ state: 'running' }).where('id', '=', id).where('state', '=', 'queued')
    .returning(EXPORT_COLUMNS).executeTakeFirst();
  return (row as ExportRow | undefined) ?? null;
}

/** Progress written; answers whether the export is still running (a cancel stops it). */
export async function reportProgress(db: Database, id: string, rows: number, estimated?: number): Promise<boolean> {
  const row = await db.updateTable('rpt_export')
    .set({ rows_written: String(rows), ...(estimated === undefined ? {} : { rows_estimated: String(estimated) }) })
    .where('id', '=', id).where('state', '=', 'running').returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function failExport(db: Database, id: string, error: string): Promise<void> {
  await db.updateTable('rpt_export').set({ state: 'failed', error: error.slice(0, 500), finished_at: new Date() })
    .where('id', '=', id).where('state', '=', 'running').execute();
}

/** The company's weight unit, weight decimals and unit price precision: what the sheet's figures are shown in. */
export async function displayParams(db: Database, orgId: string): Promise<DisplayParams> {
  const rows = await db.selectFrom('sys_param').select(['param_key', 'param_value']).where('org_id', '=', orgId)
    .where('param_key', 'in', ['weightUnit', 'weightPrecision', 'unitPricePrecision']).execute();
  const { weightUnit, weightPrecision, unitPricePrecision } = readWeighParams(Object.fromEntries(rows.map((r) => [r.param_key, r.param_value])));
  return { weightUnit, weightPrecision, unitPricePrecision };
}

/** What an export whose job is gone says: the server running it stopped (a restart, a crash) or it ran past the job's expiry. */
export const ORPHANED_EXPORT = '导出中断：执行导出的服务已停止或任务已超时，请重新导出';

/**
 * Marks failed every queued or running export (of `ids`, else all) whose job the job library no
 * longer holds as waiting, or as running within its expiry: a server that died mid-export leaves
 * its job active until the library expires it, and the export would otherwise say "running"
 * forever. Answers the exports marked. The user starts another.
 */
export async function failOrphanedExports(db: Database, queue: string, ids?: string[]): Promise<string[]> {
  if (ids && !ids.length) return [];
  const { rows } = await sql<{ id: string }>`
    UPDATE rpt_export e SET state = 'failed', error = ${ORPHANED_EXPORT}, finished_at = now()
     WHERE e.state IN ('queued', 'running') ${ids ? sql`AND e.id = ANY(${ids}::bigint[])` : sql``}
       AND NOT EXISTS (
         SELECT 1 FROM ${sql.raw(JOB_SCHEMA)}.job j
          WHERE j.name = ${queue} AND j.data->>'exportId' = e.id::text
            AND (j.state IN ('created', 'retry') OR (j.state = 'active' AND j.started_on + j.expire_in > now())))
    RETURNING e.id`.execute(db);
  return rows.map((r) => r.id);
}
