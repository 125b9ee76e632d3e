import { call, type CallOptions, type DownloadedFile } from './http';

/** The file name of a Content-Disposition: the UTF-8 form (Chinese names) before the plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

/** Hands a blob to the browser's downloads, as a link with `download` would. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  // the browser reads the blob after click() returns; revoking at once can cancel the download
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export interface DownloadOptions extends Pick<CallOptions, 'method' | 'query' | 'body'> {
  /** the name to save under when the server gives none */
  fallbackName: string;
}

/**
 * Downloads a file the session may fetch (exports, import templates, ticket PDFs) through the same
 * call as every other request: a link cannot carry the bearer token, and a bare fetch would skip
 * the refresh of an expired token, the sign-out when that fails, and the error catalogue.
 */
export async function downloadFile(path: string, { fallbackName, ...opts }: DownloadOptions): Promise<void> {
  const file = await call<DownloadedFile>(path, { ...opts, file: true });
  saveBlob(file.blob, fileNameOf(file.disposition, fallbackName));
}
