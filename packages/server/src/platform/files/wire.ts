import type { FileRow } from './repo';

/** A file as the web sees it: never the storage key (where the bytes live is the server's business). */
export interface FileInfo {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

export function fileInfo(row: FileRow): FileInfo {
  return {
    id: row.id, name: row.originalName, contentType: row.contentType, size: row.size, sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
  };
}

/** RFC 6266: a Chinese file name survives the header as filename*. */
export function inlineDisposition(name: string): string {
  return `inline; filename*=UTF-8''${encodeURIComponent(name)}`;
}
