import type { Readable } from 'node:stream';

/** What a signed URL needs to know of a stored file. */
export interface SignableFile {
  id: string;
  orgId: string;
  storageKey: string;
  contentType: string;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** A place the bytes of uploaded files live: local disk by default, an S3-compatible bucket when configured. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the bytes a stream gives as they come, never holding the whole file in memory (a large
   * export); nothing is stored when the stream fails. Answers the bytes stored.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** null when the storage holds no such object; other failures (network, permissions) throw */
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** every stored object under the uploads' prefix (org/), with when it was last written: the sweep's pass over bytes with no row */
  list?(): AsyncIterable<StoredObject>;
  /** A GET a browser can use without the bearer header (an <img src>), valid for ttlSeconds from nowMs. */
  signedUrl(file: SignableFile, nowMs: number, ttlSeconds: number): Promise<string>;
}

/** Spec: a signed image URL expires after 3,600 s. */
export const SIGNED_URL_TTL_SECONDS = 3600;
