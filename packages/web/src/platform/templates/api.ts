import type { AllocateBody, CountReply, FormatDefinition, ImportProblem, ImportReply, ListRequest, Paged, ResourceTemplate } from '@wb/protocol';
import { ApiError, apiHeaders, apiUrl, call, renewSession } from '@/platform/api/http';
import { downloadFile } from '@/platform/api/download';

/** The calls of the template renderers (spec: calls section 7, Template engine). */

const API_PREFIX = /^\/api(?=\/)/;
/** Template routes are stored with the /api root (resUrl '/api/masterdata/vehicle/v2/list'); the client adds it itself. */
export const apiPath = (url: string) => url.replace(API_PREFIX, '');

/** The menu's template of a type; null when the menu has none (404), so the page shows the no-template page. */
export async function fetchMenuTemplate(menuId: string, formatType: 'LIST' | 'FORM' = 'LIST'): Promise<FormatDefinition | null> {
  try {
    return await call<FormatDefinition>('/cg-format/template', { query: { formatType, menuId }, expected: [404] });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** A popup resource template; with the opening field's id it also carries that field's mapping. */
export const fetchResourceTemplate = (cgFormatResId: string, resFormatSubId?: string) =>
  call<ResourceTemplate>(`/cg-format/res/${encodeURIComponent(cgFormatResId)}`, { query: { resFormatSubId }, quiet: true });

export const fetchDetailTemplate = (id: string) =>
  call<ResourceTemplate>(`/cg-format/res/${encodeURIComponent(id)}`, { quiet: true });

export type ListReply = Paged<Record<string, unknown>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const methodOf = (m: string | null | undefined): Method => {
  const upper = (m ?? 'POST').toUpperCase();
  return upper === 'GET' || upper === 'PUT' || upper === 'DELETE' ? upper : 'POST';
};

/** A page of a template's list: method and path from the template (resMethod, resUrl). */
export async function fetchList(template: Pick<FormatDefinition, 'resUrl' | 'resMethod'>, body: ListRequest): Promise<ListReply> {
  const reply = await call<ListReply | null>(apiPath(template.resUrl ?? ''), { method: methodOf(template.resMethod), body });
  // the spec allows data: null for an empty answer
  return reply ?? { list: [], total: 0 };
}

/** A tree's nodes from treeResUrl: an array, or an envelope's data (spec calls section 7). */
export async function fetchTree(template: Pick<FormatDefinition, 'treeResUrl' | 'treeResMethod'>): Promise<unknown[]> {
  const method = methodOf(template.treeResMethod ?? 'GET');
  const reply = await call<unknown>(apiPath(template.treeResUrl ?? ''), method === 'GET' ? {} : { method, body: {} });
  if (Array.isArray(reply)) return reply;
  const list = (reply as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? list : [];
}

/** Batch actions of documents.ts: delList is DELETE, the rest POST, all with { ids }. */
export function runBatchAction(base: string, action: string, ids: string[]): Promise<CountReply> {
  return call<CountReply>(`${apiPath(base)}/${action}`, { method: action === 'delList' ? 'DELETE' : 'POST', body: { ids } });
}

/** A family's one-row action (`one:<name>` buttons): POST {base}/<name>/{id}. */
export const runOneAction = (base: string, action: string, id: string) =>
  call<Record<string, unknown>>(`${apiPath(base)}/${action}/${encodeURIComponent(id)}`, { method: 'POST' });

export const copyOne = (base: string, id: string) => call<Record<string, unknown>>(`${apiPath(base)}/copy/${encodeURIComponent(id)}`, { method: 'POST' });

export function allocate(base: string, action: 'allocate' | 'cancelAllocate', body: AllocateBody): Promise<CountReply> {
  return call<CountReply>(`${apiPath(base)}/${action}`, { method: 'POST', body });
}

export interface OrgChoice { id: string; orgCode: string; orgName: string }
export const fetchAllocatableOrgs = () =>
  call<Paged<OrgChoice>>('/sys-user-org/currentOrgs', { method: 'POST', body: { limit: { pn: 1, ps: 100 } } });

/** Downloads the .xlsx of a search (POST {base}/export with the list request, no limit). */
export function exportList(base: string, body: ListRequest, fallbackName: string): Promise<void> {
  const { limit: _page, ...search } = body;
  return downloadFile(`${apiPath(base)}/export`, { method: 'POST', body: search, fallbackName: `${fallbackName}.xlsx` });
}

/** The import template's .xlsx; a failure was already shown by the call, the dialog stays as it is. */
export const downloadImportTemplate = (base: string, fallbackName: string): Promise<void> =>
  downloadFile(`${apiPath(base)}/import/template`, { fallbackName: `${fallbackName}.xlsx` }).catch(() => undefined);

export type ImportOutcome = { ok: true; reply: ImportReply } | { ok: false; message: string; errors: ImportProblem[] };

type ImportBody = { success?: boolean; msg?: string; data?: { errors?: ImportProblem[] } & ImportReply } | null;

/** Uploads an import file (multipart), reporting the upload's progress in percent. */
export async function importFile(base: string, file: File, onProgress: (percent: number) => void, action = 'import'): Promise<ImportOutcome> {
  let reply = await sendImport(base, file, onProgress, action);
  // An expired token is refreshed and the file sent again, as every call does; when the refresh
  // fails the session ends (renewSession signs out) and the dialog shows the server's message.
  if (reply?.status === 401 && (await renewSession())) reply = await sendImport(base, file, onProgress, action);
  if (!reply) return { ok: false, message: '网络错误，上传失败', errors: [] };
  const { status, body } = reply;
  if (status >= 200 && status < 300 && body?.success !== false) return { ok: true, reply: body?.data as ImportReply };
  return { ok: false, message: body?.msg || `${status}`, errors: body?.data?.errors ?? [] };
}

/** One upload; null when the network failed. XHR, not fetch: fetch reports no upload progress. */
function sendImport(base: string, file: File, onProgress: (percent: number) => void, action: string): Promise<{ status: number; body: ImportBody } | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`${apiPath(base)}/${action}`));
    apiHeaders().forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: ImportBody = null;
      try {
        body = JSON.parse(xhr.responseText) as ImportBody;
      } catch {
        // not JSON (a proxy's error page): the status speaks
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve(null);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
