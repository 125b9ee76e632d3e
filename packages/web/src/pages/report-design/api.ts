import type { ReportDatasetInfo, ReportDefinition, ReportField } from '@wb/protocol';
import { call } from '@/platform/api/http';
import { saveBlob } from '@/platform/api/download';

/** A designed report as the designer's calls answer it (server domain/report-design). */
export interface DesignedReport {
  id: string;
  code: string;
  name: string;
  definition: ReportDefinition;
  source: string;
  menuId: string | null;
  menuPath: string | null;
  remark: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
}

export interface CompanyRole { code: string; name: string; nameEn: string | null; isAdmin: boolean }
export interface BuiltInReport { code: string; name: string; nameEn: string; source: string }

const base = '/report/template-info';

export const listReports = (search: string, pn: number, ps: number) =>
  call<{ list: DesignedReport[]; total: number }>(`${base}/list`, { method: 'POST', body: { search: search || undefined, pn, ps } });
export const getReport = (id: string) => call<DesignedReport>(`${base}/${id}`);
export const createReport = (definition: ReportDefinition) => call<DesignedReport>(base, { method: 'POST', body: { definition } });
export const updateReport = (id: string, definition: ReportDefinition, version: number) =>
  call<DesignedReport>(`${base}/${id}`, { method: 'PUT', body: { definition, version } });
export const deleteReport = (id: string) => call<null>(`${base}/${id}`, { method: 'DELETE' });
/** `from`: a designed report's id, or a built-in report's code */
export const copyReport = (from: string, code: string, name?: string) =>
  call<DesignedReport>(`${base}/${encodeURIComponent(from)}/copy`, { method: 'POST', body: { code, ...(name ? { name } : {}) } });
export const placeReport = (id: string, place: boolean) => call<DesignedReport>(`${base}/${id}/menu`, { method: 'POST', body: { place } });
export const importReport = (file: unknown) => call<DesignedReport>(`${base}/import`, { method: 'POST', body: file });
/** the definition as a JSON file (the server answers the file's JSON; saved as the file it names) */
export async function exportReport(r: DesignedReport): Promise<void> {
  const file = await call<unknown>(`${base}/${r.id}/export`, { raw: true });
  saveBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), `report-${r.code}.json`);
}
export const builtInReports = () => call<BuiltInReport[]>(`${base}/builtins`);
export const companyRoles = () => call<CompanyRole[]>(`${base}/roles`);
/** the datasets the caller may design over (the report centre's call) */
export const datasets = () => call<ReportDatasetInfo[]>('/report/datasets');
export const templateFields = (datasetKey: string) => call<ReportField[]>(`/report/template-fields/${encodeURIComponent(datasetKey)}`);
