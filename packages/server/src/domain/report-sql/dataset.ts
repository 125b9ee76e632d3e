import type { Database } from '../../platform/db/pool';
import { AppError } from '../../platform/http/errors';
import type { ReportDataset } from '../../platform/reports/dataset';

/**
 * A database-source report (数据源报表) as a dataset: its SQL, parameters and fields, run by the
 * guarded executor (or its read-only data source).
 */
export async function loadSqlDataset(_db: Database, _orgId: string, _id: string): Promise<ReportDataset> {
  throw AppError.of('notFound', '数据源报表不存在', 'id');
}
