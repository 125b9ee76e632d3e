/** A stored file as the server describes it (server: platform/files/wire.ts). */
export interface FileInfo {
  id: string;
  name: string;
  /** decided by the server from the file's bytes */
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

/** img: an IMG_VIEW field, the server accepts images only; file: any attachment. */
export type UploadKind = 'img' | 'file';

export interface SignedUrl {
  url: string;
  /** ISO instant; the spec's signed image URLs live 3,600 s */
  expiresAt: string;
}
