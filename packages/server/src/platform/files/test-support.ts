import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { freshDatabase } from '../../../test/harness';

/** A real 1x1 PNG and the first bytes of a JPEG: what a phone camera and a scanner send. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
export const JPEG_HEAD = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 1), Buffer.from('ffd9', 'hex')]);

export interface Upload {
  name: string;
  bytes: Buffer;
  /** what the browser claims; the server must not believe it */
  type?: string;
  field?: string;
}

/** A multipart body exactly as a browser's FormData sends it. */
export async function multipart(files: Upload[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') as string } };
}

/** A clock the test moves by hand. */
export function manualClock(startIso = '2026-11-21T08:00:00Z') {
  let at = Date.parse(startIso);
  return { now: () => at, advance: (ms: number) => { at += ms; } };
}

/** The real app on a fresh database, its files in a folder of its own, its clock in the test's hand. */
export async function fileTestApp(env: Record<string, string> = {}, opts: { clockStart?: string; logger?: object } = {}) {
  const { database } = await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-files-'));
  const clock = manualClock(opts.clockStart);
  const config = loadConfig({ CAPTCHA: 'off', JOBS: 'off', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database, now: clock.now, ...(opts.logger ? { logger: opts.logger } : {}) });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, database, config, clock, dataDir };
}

/** A real S3-compatible server (s3rver, from npm) with one empty bucket, for the life of the test file. */
export async function s3TestServer(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  // s3rver's one account; it checks the key id and the expiry of presigned URLs, not V4 signatures
  return {
    endpoint: `http://127.0.0.1:${port}`,
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
  };
}
