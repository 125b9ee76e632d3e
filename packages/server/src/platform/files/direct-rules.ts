// Direct uploads to the object store (直传): what the browser may ask for and hand back. Pure.

/** Files above this size go straight to the store when it is S3 (the web's threshold; smaller ones are not worth the round trips). */
export const DIRECT_UPLOAD_THRESHOLD_BYTES = 5 * 1024 * 1024;

/** How long the presigned PUT stays good: long enough for a large file on a slow line, short enough not to be kept. */
export const DIRECT_PUT_TTL_SECONDS = 900;

/** How many first bytes the finish reads to tell the type (file-type's own sample size). */
export const TYPE_SAMPLE_BYTES = 4100;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Whether a key the browser hands back is one the server could have issued to this company: inside
 * org/<its id>/, in the upload key's shape (upload-rules storageKey). Any other is refused, so no
 * company can register another's object or a path of its choosing.
 */
export function directKeyRefusal(key: string, orgId: string): string | null {
  const ok = new RegExp(`^org/${orgId}/\\d{4}/\\d{2}/${UUID}$`).test(key);
  return ok ? null : '文件位置不属于本公司，不能登记';
}

export function sha256Refusal(v: string): string | null {
  return /^[0-9a-f]{64}$/.test(v) ? null : 'sha256 应为 64 位小写十六进制';
}
