import type { ReportField, ReportParam } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** The server's 数据源报表 calls (server domain/report-sql/module.ts). */
const BASE = '/report/db-source';

export interface SqlReport {
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
  updateDate: string;
}

export type SqlReportInput = Pick<SqlReport, 'code' | 'name' | 'dataSourceId' | 'sql' | 'params' | 'fields' | 'remark'>;

export interface SqlRunResult {
  rows: Record<string, unknown>[];
  fields: ReportField[];
  cut: boolean;
}

export const listSqlReports = (keyword: string) =>
  call<{ list: SqlReport[]; total: number }>(`${BASE}/list`, { method: 'POST', body: { search: { keyword }, limit: { pn: 1, ps: 200 } } });
export const readSqlReport = (id: string) => call<SqlReport>(`${BASE}/${encodeURIComponent(id)}`);
export const sqlSources = () => call<{ id: string; name: string }[]>(`${BASE}/sources`);
export const createSqlReport = (body: SqlReportInput) => call<{ id: string }>(BASE, { method: 'POST', body });
export const updateSqlReport = (id: string, body: SqlReportInput & { version: number }) =>
  call<{ id: string }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteSqlReport = (id: string) => call<{ id: string }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const runSql = (body: { dataSourceId: string | null; sql: string; params: ReportParam[]; values: Record<string, string> }) =>
  call<SqlRunResult>(`${BASE}/run`, { method: 'POST', body });
