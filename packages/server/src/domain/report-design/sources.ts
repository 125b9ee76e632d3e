import type { ReportDatasetInfo, ReportDefinition } from '@wb/protocol';
import type { Database } from '../../platform/db/pool';
import type { FamilyModule } from '../../platform/module/define';
import type { ReportDataset } from '../../platform/reports/dataset';
import { AppError } from '../../platform/http/errors';
import { loadSqlDataset } from '../report-sql/dataset';

/** What the designer shows of a dataset: its words, parameters and fields (never its SELECT). */
export const datasetInfo = (d: Pick<ReportDataset, 'key' | 'name' | 'nameEn' | 'params' | 'fields'>): ReportDatasetInfo => ({
  key: d.key, name: d.name, nameEn: d.nameEn, params: d.params, fields: d.fields,
});

/** Every dataset the modules declare. */
export const moduleDatasets = (modules: readonly FamilyModule[]): ReportDataset[] => modules.flatMap((m) => m.datasets ?? []);

/** Every built-in report definition the modules declare. */
export const builtInReports = (modules: readonly FamilyModule[]): ReportDefinition[] => modules.flatMap((m) => m.reports ?? []);

/**
 * The dataset a source names, as the organisation sees it: a module's dataset by key, or the
 * organisation's database-source query by id (`sql:<id>`); null when there is none.
 */
export async function findDataset(db: Database, modules: readonly FamilyModule[], orgId: string, source: ReportDefinition['source']): Promise<ReportDatasetInfo | null> {
  if (source.kind === 'dataset') {
    const found = moduleDatasets(modules).find((d) => d.key === source.key);
    return found ? datasetInfo(found) : null;
  }
  try {
    return datasetInfo(await loadSqlDataset(db, orgId, source.id));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** A designer's source key (a dataset's key, or `sql:<id>`) as a source. */
export function sourceOfKey(key: string): ReportDefinition['source'] {
  const sql = /^sql:(\d{1,18})$/.exec(key);
  return sql ? { kind: 'sql', id: sql[1] } : { kind: 'dataset', key };
}
