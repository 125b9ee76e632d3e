import { ID_PATTERN } from '@wb/protocol';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import type { ReportDataset } from '../../platform/reports/dataset';
import type { ExportSort } from '../../platform/reports/export';

/**
 * 报表导出 (pure: no I/O): what an export is asked, when it runs as a job, how its file is named,
 * and what its progress says.
 */

/**
 * An export of more rows than this runs as a job and is downloaded when ready; a smaller one is
 * streamed in the answer (a few seconds at most). Overridable for tests by REPORT_EXPORT_STREAM_ROWS.
 */
export const EXPORT_STREAM_ROWS = 20_000;

export function streamRowsLimit(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.REPORT_EXPORT_STREAM_ROWS);
  return Number.isInteger(n) && n >= 0 ? n : EXPORT_STREAM_ROWS;
}

export const exportBody = z.object({
  params: z.record(z.string(), z.unknown()).optional(),
  sort: z.array(z.object({ key: z.string().max(64), dir: z.enum(['asc', 'desc']).default('asc') })).max(5, '排序最多 5 个字段').optional(),
  /** run as a job whatever its size (the browser's "后台导出") */
  background: z.boolean().optional(),
}).strict();
export type ExportBody = z.infer<typeof exportBody>;

export const exportCodeParams = z.object({ code: z.string().max(64) });
export const exportJobParams = z.object({ id: z.string().regex(ID_PATTERN, '导出任务编号应为数字') });

/** The order asked for, on the dataset's own fields only: an unknown key is refused by name, so no text a caller sends reaches the SQL. */
export function exportSortOf(dataset: Pick<ReportDataset, 'fields'>, fallback: ExportSort[], sort: ExportSort[] | undefined): ExportSort[] {
  const known = new Set(dataset.fields.map((f) => f.key));
  if (!sort || sort.length === 0) return fallback.filter((s) => known.has(s.key));
  for (const s of sort) if (!known.has(s.key)) throw badRequest(`不能按「${s.key}」排序：报表没有这个字段`, 'sort');
  return sort;
}

/** 过磅日报_20260128_0930.xlsx: the report's name and when it was asked for, in the plant's zone. */
export function exportFileName(reportName: string, at: Date, timeZone: string): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(at).map((x) => [x.type, x.value]));
  const safe = reportName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 100) || 'report';
  return `${safe}_${p.year}${p.month}${p.day}_${p.hour}${p.minute}.xlsx`;
}

export type ExportState = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

export interface ExportProgress {
  id: string;
  code: string;
  fileName: string;
  state: ExportState;
  rowsWritten: number;
  /** the rows the export will write, once counted (null before) */
  rowsEstimated: number | null;
  /** 0..100, once the total is known */
  percent: number | null;
  /** the file can be downloaded (GET .../file) */
  ready: boolean;
  error: string | null;
}

export function progressOf(row: {
  id: string; report_code: string; file_name: string; state: ExportState; rows_written: string | number;
  rows_estimated: string | number | null; file_id: string | null; error: string | null;
}): ExportProgress {
  const written = Number(row.rows_written);
  const estimated = row.rows_estimated === null ? null : Number(row.rows_estimated);
  const percent = row.state === 'done' ? 100 : estimated ? Math.min(99, Math.floor((written / estimated) * 100)) : estimated === 0 ? 0 : null;
  return {
    id: row.id, code: row.report_code, fileName: row.file_name, state: row.state, rowsWritten: written, rowsEstimated: estimated,
    percent, ready: row.state === 'done' && row.file_id !== null, error: row.error,
  };
}

/** Why a cancel is refused, or null: a cancelled export is already ended; a failed one has nothing to stop. */
export function cancelRefusal(state: ExportState): string | null {
  if (state === 'cancelled') return '导出已取消';
  if (state === 'failed') return '导出已失败，无需取消';
  return null;
}
