import { ApiError, call } from '@/platform/api/http';
import type { FileInfo, UploadKind } from './types';

/**
 * Large files straight to the object store (server: platform/files/direct.ts): the server hands out
 * a presigned PUT for one key of the company (the spec's GET with key=cloudStsToken), the browser sends the bytes there, then hands the key
 * back to be checked and registered. The bytes never pass through the server.
 */
export const DIRECT_UPLOAD_THRESHOLD_BYTES = 5 * 1024 * 1024;

interface DirectTicket { key: string; url: string; method: 'PUT'; expiresAt: string }

/** Whether this browser can take the direct road: it hashes the file with crypto.subtle, which only a secure page has. */
export const canUploadDirect = (file: Blob) => file.size > DIRECT_UPLOAD_THRESHOLD_BYTES && typeof crypto !== 'undefined' && Boolean(crypto.subtle);

async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The PUT with progress (XMLHttpRequest: fetch reports none); resolves with the store's status. */
function putToStore(url: string, file: Blob, onProgress?: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (onProgress) xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => resolve(xhr.status);
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}

/**
 * One file to the store and registered; null when the files are not kept in S3 (the server answers
 * 404), so the caller uploads it through the server as before. Failures reject with the server's message.
 */
export async function uploadDirect(
  file: Blob, kind: UploadKind, onProgress?: (loaded: number, total: number) => void, signal?: AbortSignal,
): Promise<FileInfo | null> {
  const name = (file as File).name || 'file';
  let ticket: DirectTicket;
  try {
    // the spec's cloud storage credential call, given the file: a presigned PUT for one key of the company
    ticket = await call<DirectTicket>('/sys-file/credential', { query: { key: 'cloudStsToken', name, size: file.size, type: kind }, quiet: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
  const sha256 = await sha256Hex(file);
  const status = await putToStore(ticket.url, file, onProgress, signal);
  if (status < 200 || status >= 300) throw new ApiError(status, `云存储拒绝了上传 (HTTP ${status})`, false, 'file');
  return call<FileInfo>('/sys-file/direct/finish', { method: 'POST', body: { key: ticket.key, name, type: kind, sha256 }, quiet: true });
}
