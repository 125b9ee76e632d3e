import type { ReportField } from '@wb/protocol';
import type { DatabaseHandle } from '../../platform/db/pool';
import { AppError } from '../../platform/http/errors';
import type { ReportClient } from '../../platform/reports/dataset';
import { runGuarded, runOnDataSource } from '../../platform/reports/execute';
import { checkDataSource } from './repo';
import { bindNamedParams, detectFields, runValues, wrapSelect, type SqlRunBody } from './rules';

/** Rows the editor's 运行 shows. */
export const RUN_ROWS = 100;

export interface SqlTryResult {
  rows: Record<string, unknown>[];
  fields: ReportField[];
  /** more rows than RUN_ROWS came back: only the first RUN_ROWS are shown */
  cut: boolean;
}

/**
 * The editor's 运行: the SQL with the parameter values bound, on the platform's own database as
 * the report reader for the caller's company, or on the chosen data source; RUN_ROWS + 1 rows are
 * fetched at most, so the answer can say it was cut. Nothing is written, here or there.
 */
export async function trySql({ db, pool }: DatabaseHandle, orgId: string, body: SqlRunBody): Promise<SqlTryResult> {
  await checkDataSource(db, orgId, body.dataSourceId);
  const bound = bindNamedParams(body.sql, runValues(body.params, body.values));
  const text = wrapSelect(bound.text, RUN_ROWS + 1);
  const read = async (client: ReportClient) => client.query(text, bound.values);
  const result = body.dataSourceId ? await runOnDataSource(db, orgId, body.dataSourceId, read) : await runGuarded(pool, orgId, read);
  const names = result.fields.map((f) => f.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new AppError(400, `查询结果的列名 ${twice} 重复，请用 AS 取别名`, 'sql');
  return { rows: result.rows.slice(0, RUN_ROWS), fields: detectFields(result.fields), cut: result.rows.length > RUN_ROWS };
}
