import { ClientMessages } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { ApiError, apiHeaders, apiUrl, call, refreshTokens } from '@/platform/api/http';
import { errorText, serverMessage, type Lang } from '@/platform/api/error-policy';
import type { FileInfo, SignedUrl, UploadKind } from './types';
import { progressPercent, uploadForm } from './upload-rules';
import { sendMultipart } from './upload-request';
import { canUploadDirect, uploadDirect } from './direct-upload';

export interface UploadOptions {
  kind: UploadKind;
  /** whole percent, as antd's Upload shows it */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** the caller shows failures itself (an upload field shows them under the field) */
  quiet?: boolean;
  lang?: Lang;
}

/**
 * Uploads files to the company's storage with progress. A 401 refreshes the session once and
 * sends again, as every other call does; other failures reject with the server's message.
 */
export async function uploadFiles(files: readonly Blob[], opts: UploadOptions): Promise<FileInfo[]> {
  const lang = opts.lang ?? 'zh';
  const url = apiUrl('/sys-file/upload', { type: opts.kind });
  const progress = opts.onProgress && ((loaded: number, total: number) => opts.onProgress?.(progressPercent(loaded, total)));
  // a large file goes straight to the object store when the files live in S3 (direct-upload.ts)
  if (files.length === 1 && canUploadDirect(files[0])) {
    const direct = await uploadDirect(files[0], opts.kind, progress, opts.signal).catch((err: unknown) => {
      if ((err as Error).name === 'AbortError') throw err;
      const e = err instanceof ApiError ? err : null;
      throw failure(e?.status ?? 0, e?.message ?? ClientMessages.unknown[lang], e?.field ?? null, opts);
    });
    if (direct) return [direct];
  }
  let reply;
  try {
    reply = await sendMultipart(url, uploadForm(files), apiHeaders(), progress, opts.signal);
    if (reply.status === 401 && (await refreshTokens())) reply = await sendMultipart(url, uploadForm(files), apiHeaders(), progress, opts.signal);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw failure(0, ClientMessages.unknown[lang], null, opts);
  }
  if (reply.status === 200 && reply.body?.success !== false) return reply.body?.data as FileInfo[];
  const field = (reply.body?.data as { field?: string } | null)?.field ?? null;
  throw failure(reply.status, errorText(reply.status, serverMessage(reply.body as never), lang), field, opts);
}

function failure(status: number, text: string, field: string | null, opts: UploadOptions): ApiError {
  if (!opts.quiet) feedback.error(text);
  return new ApiError(status, text, !opts.quiet, field);
}

export const fetchFileInfo = (id: string) => call<FileInfo>(`/sys-file/${encodeURIComponent(id)}`);

/** A URL an <img> can open without the bearer header, for 3,600 s. */
export const fetchSignedUrl = (id: string) => call<SignedUrl>(`/sys-file/${encodeURIComponent(id)}/url`, { quiet: true });
