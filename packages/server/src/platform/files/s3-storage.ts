import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config';
import type { FileStorage, SignableFile, StoredObject } from './storage';

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // a streamed body (putStream) goes with its plain content length: with a checksum the SDK would
    // send it aws-chunked with a trailer, which not every S3-compatible store decodes
    requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
}

/** Files in an S3-compatible bucket; the browser fetches images straight from it by presigned GET. */
export class S3Storage implements FileStorage {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  /**
   * A PUT needs its length first: the stream is spooled to a temporary file (disk, not memory) and
   * sent from it, then the file is removed.
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'wb-put-'));
    const spool = path.join(dir, 'body');
    try {
      await pipeline(body, fs.createWriteStream(spool, { flags: 'wx' }));
      const { size } = await fsp.stat(spool);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: fs.createReadStream(spool), ContentLength: size, ContentType: contentType }));
      return size;
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(answer.Body instanceof Readable)) throw new Error(`no body for ${key}`);
      return answer.Body;
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The uploads' prefix only, page by page (1,000 keys a call). */
  async *list(): AsyncIterable<StoredObject> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: 'org/' })) {
      for (const o of page.Contents ?? []) if (o.Key && o.LastModified) yield { key: o.Key, modifiedAt: o.LastModified };
    }
  }

  async signedUrl(file: SignableFile, nowMs: number, ttlSeconds: number): Promise<string> {
    const get = new GetObjectCommand({ Bucket: this.bucket, Key: file.storageKey, ResponseContentType: file.contentType });
    return getSignedUrl(this.client, get, { expiresIn: ttlSeconds, signingDate: new Date(nowMs) });
  }

  /**
   * A PUT the browser sends the bytes of one new object with (直传): this key only, for ttlSeconds.
   * The server never sees the bytes; the finish step checks what arrived (direct.ts).
   */
  async presignPut(key: string, nowMs: number, ttlSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: ttlSeconds, signingDate: new Date(nowMs) });
  }

  /** The object's size, or null when there is none. */
  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(answer.ContentLength ?? 0) };
    } catch (err) {
      if (err instanceof NotFound || err instanceof NoSuchKey || (err as { name?: string }).name === 'NotFound') return null;
      throw err;
    }
  }

  /** The first bytes of an object (a ranged GET): enough to tell its type by its magic bytes. */
  async head(key: string, bytes: number): Promise<Buffer> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  }
}
