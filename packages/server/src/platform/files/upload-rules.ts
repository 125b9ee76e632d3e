// What an upload may be (pure decisions, no I/O). The client's name and declared type are never
// trusted: the kind of a file is read from its first bytes.

/** img: an IMG_VIEW field (vehicle and licence photos); file: any attachment. */
export type UploadKind = 'img' | 'file';

/** Image types a browser shows in an <img>; SVG is left out on purpose: it can carry script. */
export const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

export const GENERIC_TYPE = 'application/octet-stream';

/** The server's cap per request; the web's default of 1 file per field is the web's own limit. */
export const MAX_FILES_PER_REQUEST = 10;

export interface UploadCandidate {
  kind: UploadKind;
  size: number;
  /** the type found in the file's first bytes, or null when they match no known type */
  detectedType: string | null;
}

export function uploadRefusal(c: UploadCandidate, maxBytes: number): string | null {
  if (c.size === 0) return '文件为空，请重新选择';
  if (c.size > maxBytes) return tooLargeMessage(maxBytes);
  if (c.kind === 'img' && !(c.detectedType && IMAGE_TYPES.has(c.detectedType))) {
    return '只能上传图片文件（JPG、PNG、GIF、WEBP、BMP）';
  }
  return null;
}

export const tooLargeMessage = (maxBytes: number) => `文件过大，不能超过 ${formatMegabytes(maxBytes)} MB`;
export const tooManyMessage = (max: number) => `上传文件数量超出限制，最多 ${max} 个，请删除后再上传`;

function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / 1024 / 1024) * 100) / 100);
}

/** The type stored and served: the detected one, never the client's claim. */
export function storedType(detectedType: string | null): string {
  return detectedType ?? GENERIC_TYPE;
}

/**
 * The original name as shown back to users: the last path segment (old browsers sent the whole
 * path), without control characters, at most 255 characters; never empty.
 */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || 'file';
}

/** org/<org>/<yyyy>/<mm>/<uuid>: per company, so a bucket policy or a backup can follow one company. */
export function storageKey(orgId: string, now: Date, uuid: string): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `org/${orgId}/${now.getUTCFullYear()}/${month}/${uuid}`;
}

export function parseUploadKind(value: unknown): UploadKind | null {
  if (value === undefined || value === '' || value === 'file') return 'file';
  return value === 'img' ? 'img' : null;
}
