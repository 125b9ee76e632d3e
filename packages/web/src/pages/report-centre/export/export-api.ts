import { call, type DownloadedFile } from '@/platform/api/http';
import { fileNameOf, saveBlob } from '@/platform/api/download';

/** What GET /api/report/export/jobs/:id answers: a large export's progress. */
export interface ExportProgress {
  id: string;
  code: string;
  fileName: string;
  state: 'queued' | 'running' | 'done' | 'cancelled' | 'failed';
  rowsWritten: number;
  rowsEstimated: number | null;
  percent: number | null;
  ready: boolean;
  error: string | null;
}

export interface ExportRequest {
  params: Record<string, unknown>;
  sort?: { key: string; dir: 'asc' | 'desc' }[];
}

const jobPath = (id: string) => `/report/export/jobs/${encodeURIComponent(id)}`;

/** Starts an export: a small one answers the file (saved at once), a large one its job's id. */
export async function startExport(code: string, request: ExportRequest, fallbackName: string): Promise<{ jobId: string } | null> {
  const answer = await call<DownloadedFile | { jobId: string }>(`/report/export/${encodeURIComponent(code)}`, { method: 'POST', body: request, file: true });
  if ('blob' in answer) {
    saveBlob(answer.blob, fileNameOf(answer.disposition, fallbackName));
    return null;
  }
  return answer;
}

export const fetchExportProgress = (id: string) => call<ExportProgress>(jobPath(id));

export const cancelExport = (id: string) => call<ExportProgress>(jobPath(id), { method: 'DELETE' });

export async function downloadExport(id: string, fallbackName: string): Promise<void> {
  const file = await call<DownloadedFile>(`${jobPath(id)}/file`, { file: true });
  saveBlob(file.blob, fileNameOf(file.disposition, fallbackName));
}
