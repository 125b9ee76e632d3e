import type { AllocateBody, CountReply, FormatDefinition, ImportProblem, ImportReply, ListRequest, Paged, ResourceTemplate } from '@wb/protocol';
import { ApiError, apiHeaders, apiUrl, call } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';

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

async function failureText(res: Response): Promise<{ message: string; errors: ImportProblem[] }> {
  const body = (await res.json().catch(() => null)) as { msg?: string; data?: { errors?: ImportProblem[] } } | null;
  return { message: body?.msg || `${res.status} ${res.statusText}`, errors: body?.data?.errors ?? [] };
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

function fileNameOf(res: Response, fallback: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** Downloads the .xlsx of a search (POST {base}/export with the list request, no limit). */
export async function exportList(base: string, body: ListRequest, fallbackName: string): Promise<void> {
  const { limit: _page, ...search } = body;
  const headers = apiHeaders();
  headers.set('Content-Type', 'application/json');
  const res = await fetch(apiUrl(`${apiPath(base)}/export`), { method: 'POST', headers, body: JSON.stringify(search) });
  if (!res.ok) {
    const { message } = await failureText(res);
    feedback.error(message);
    throw new ApiError(res.status, message, true);
  }
  saveBlob(await res.blob(), fileNameOf(res, `${fallbackName}.xlsx`));
}

export const downloadImportTemplate = async (base: string, fallbackName: string) => {
  const res = await fetch(apiUrl(`${apiPath(base)}/import/template`), { headers: apiHeaders() });
  if (!res.ok) {
    const { message } = await failureText(res);
    feedback.error(message);
    return;
  }
  saveBlob(await res.blob(), fileNameOf(res, `${fallbackName}.xlsx`));
};

export type ImportOutcome = { ok: true; reply: ImportReply } | { ok: false; message: string; errors: ImportProblem[] };

/** Uploads an import file (multipart), reporting the upload's progress in percent. */
export function importFile(base: string, file: File, onProgress: (percent: number) => void): Promise<ImportOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`${apiPath(base)}/import`));
    apiHeaders().forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText) as { success?: boolean; msg?: string; data?: { errors?: ImportProblem[] } & ImportReply };
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300 && body?.success !== false) resolve({ ok: true, reply: body?.data as ImportReply });
      else resolve({ ok: false, message: body?.msg || `${xhr.status}`, errors: body?.data?.errors ?? [] });
    };
    xhr.onerror = () => resolve({ ok: false, message: '网络错误，上传失败', errors: [] });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
