import type { ReportDatasetInfo, ReportDefinition } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** What GET easy/view answers: the report, its dataset's filters and fields, the reader's widths. */
export interface ReportView {
  definition: ReportDefinition;
  dataset: ReportDatasetInfo;
  widths: Record<string, number>;
  builtIn: boolean;
  /** the reader's organisations (an 'org' parameter's choices) */
  orgs?: { id: string; name: string }[];
  /** the plant's scales (a 'scale' parameter's choices), when the report has one */
  scales?: { id: string; name: string }[];
}

/** A subtotal row's mark: its group's depth (1: the first grouping field) and the group's values. */
export interface GroupMark { level: number; key: string }
export type ReportRow = Record<string, unknown> & { __group?: GroupMark };

export interface ReportData {
  list: ReportRow[];
  /** the rows (subtotal rows not counted) */
  total: number;
  totals: Record<string, unknown>;
  groups?: ReportRow[];
  /** present when a database-source report had more rows than its cap: only the first rowCap were read */
  truncated?: true;
  rowCap?: number;
}

export type ReportSortKey = { key: string; dir: 'asc' | 'desc' };
export interface ReportQuery { params: Record<string, unknown>; sort?: ReportSortKey[]; page?: { pn: number; ps: number } }

const at = (code: string) => encodeURIComponent(code);

export const fetchReportView = (code: string) => call<ReportView>(`/report/easy/view/${at(code)}`, { expected: [403, 404] });
export const fetchReportData = (code: string, q: ReportQuery) => call<ReportData>(`/report/easy/data/${at(code)}`, { method: 'POST', body: q });
export const saveReportWidth = (code: string, field: string, width: number) =>
  call<{ field: string; width: number }>(`/report/easy/width/${at(code)}`, { method: 'POST', body: { field, width } });
export const reportPrintPath = (code: string) => `/report/print/${at(code)}`;
