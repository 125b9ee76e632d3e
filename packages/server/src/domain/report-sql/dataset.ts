import type { ReportDatasetInfo, ReportField, ReportParam } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/http/errors';
import type { ReportDataset } from '../../platform/reports/dataset';
import { guardedRowCap } from '../../platform/reports/execute';
import { allSqlReports, readSqlReport } from './repo';
import { bindNamedParams, wrapSelect } from './rules';

/** The permission a database-source report's dataset asks of a reader who is not an administrator. */
export const SQL_REPORT_VIEW = 'rpt_db_source_view';

/** The dataset key a database-source report is offered under: `sql:<id>`. */
export const sqlDatasetKey = (id: string) => `sql:${id}`;

/**
 * A database-source report (数据源报表) as a dataset: its SQL, parameters and fields, run by the
 * guarded executor (the reader role under row-level security for `orgId`) or its read-only data
 * source. The SQL is wrapped so that only a query parses, capped at guardedRowCap() rows (the
 * reader is told when it was cut: `rowCap`), and its named parameters are bound as values.
 */
export async function loadSqlDataset(db: Database, orgId: string, id: string): Promise<ReportDataset> {
  if (!/^\d+$/.test(id)) throw AppError.of('notFound', '数据源报表不存在', 'id');
  const row = await readSqlReport(db, orgId, id);
  if (!row) throw AppError.of('notFound', '数据源报表不存在', 'id');
  const params = row.params as ReportParam[];
  const rowCap = guardedRowCap();
  return {
    key: sqlDatasetKey(row.id),
    name: row.name,
    nameEn: row.name,
    permission: SQL_REPORT_VIEW,
    params,
    fields: row.fields as ReportField[],
    executor: row.dataSourceId ? { dataSourceId: row.dataSourceId } : 'guarded',
    orgId,
    rowCap,
    query: (input, cap = rowCap) => {
      const values: Record<string, unknown> = {};
      for (const p of params) {
        values[p.key] = input.params[p.key] ?? null;
        if (p.type === 'dateRange') {
          values[`${p.key}From`] = input.params[`${p.key}From`] ?? null;
          values[`${p.key}To`] = input.params[`${p.key}To`] ?? null;
        }
      }
      const bound = bindNamedParams(row.sql, values);
      return { text: wrapSelect(bound.text, cap), values: bound.values };
    },
  };
}

/** The company's database-source reports as sources the designer offers (`sql:<id>`). */
export async function listSqlDatasets(db: Database, orgId: string): Promise<ReportDatasetInfo[]> {
  const rows = await allSqlReports(db, orgId);
  return rows.map((r) => ({ key: sqlDatasetKey(r.id), name: r.name, nameEn: r.name, params: r.params as ReportParam[], fields: r.fields as ReportField[] }));
}
