import type { Lang } from '@/platform/api/error-policy';

// Pure decisions of the upload widgets; no I/O, so they are tested alone.

/** Spec: an upload field takes 1 file unless its template says more. */
export const DEFAULT_UPLOAD_LIMIT = 1;

/** Spec: "upload count exceeds limit, max N, delete before uploading". */
export function uploadCountRefusal(current: number, adding: number, limit: number, lang: Lang): string | null {
  const max = Math.max(1, Math.floor(limit || DEFAULT_UPLOAD_LIMIT));
  if (current + adding <= max) return null;
  return lang === 'zh' ? `上传文件数量超出限制，最多 ${max} 个，请删除后再上传` : `Upload count exceeds the limit: at most ${max}. Delete one before uploading.`;
}

/** Whole percent of a transfer; 0 until the size is known, never past 100. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}

/** Image types an IMG_VIEW field offers in the file chooser; the server checks the bytes anyway. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp';

/**
 * How long a signed URL may be reused: until a minute before it expires, so an image shown just
 * before the end does not fetch a dead link.
 */
export const SIGNED_URL_MARGIN_MS = 60_000;
export function signedUrlFreshFor(expiresAt: string, nowMs: number): number {
  const left = Date.parse(expiresAt) - SIGNED_URL_MARGIN_MS - nowMs;
  return Number.isFinite(left) && left > 0 ? left : 0;
}

/** The body of an upload: every file under the field name the server reads. */
export function uploadForm(files: readonly Blob[], names: readonly string[] = []): FormData {
  const form = new FormData();
  files.forEach((file, i) => form.append('file', file, names[i] ?? (file as File).name ?? 'file'));
  return form;
}

/** The reply of an XMLHttpRequest as the JSON envelope, or null when it is not one. */
export function parseEnvelope(text: string): { success?: boolean; msg?: string; data?: unknown } | null {
  try {
    const body = JSON.parse(text) as unknown;
    return body !== null && typeof body === 'object' ? (body as { success?: boolean; msg?: string; data?: unknown }) : null;
  } catch {
    return null;
  }
}
