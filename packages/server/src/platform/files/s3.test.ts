import { Readable, Writable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import type { S3Config } from '../../config';
import { S3Storage, s3Client } from './s3-storage';
import { sweepFiles } from './sweep';
import { PNG_1X1, fileTestApp, multipart, s3TestServer } from './test-support';

// The same routes with S3_BUCKET set, against a real S3-compatible server started here.
const s3 = await s3TestServer('wb-files');
// presigned URLs are judged by the S3 server's own clock: the app's starts at the real time
const { app, database, config, clock } = await fileTestApp(s3.env, { clockStart: new Date().toISOString() });
const { pool } = database;

let operator: string;
let otherCompany: string;
beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  const accountant = await bearerFor(app, 'accountant');
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${await orgId(pool, 'HDJC')}`, accountant.authorization));
  otherCompany = accountant.authorization;
});

async function uploadPng(authorization: string, name = 'truck.png') {
  const { payload, headers } = await multipart([{ name, bytes: PNG_1X1, type: 'image/png' }]);
  const res = await app.inject({ method: 'POST', url: '/api/sys-file/upload?type=img', payload, headers: { ...headers, authorization } });
  return expectOk(res).data[0] as { id: string };
}

describe('files in an S3-compatible bucket', () => {
  it('is chosen by S3_BUCKET', () => {
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'wb-files', forcePathStyle: true });
  });

  it('puts the upload in the bucket under the company prefix and serves it back by id', async () => {
    const { id } = await uploadPng(operator);
    const { rows } = await pool.query('SELECT storage_key, org_id FROM sys_file WHERE id = $1', [id]);
    expect(rows[0].storage_key).toMatch(new RegExp(`^org/${rows[0].org_id}/\\d{4}/\\d{2}/[0-9a-f-]{36}$`));
    const object = await s3Client(config.storage as S3Config).send(new GetObjectCommand({ Bucket: 'wb-files', Key: rows[0].storage_key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PNG_1X1)).toBe(true);
    const view = await call(app, 'GET', `/api/sys-file-type/img/${id}`, operator);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('gives a presigned GET that expires after 3,600 s, which the S3 server honours then refuses', async () => {
    const { id } = await uploadPng(operator);
    const { url } = expectOk(await call(app, 'GET', `/api/sys-file/${id}/url`, operator)).data;
    expect(url.startsWith(s3.endpoint)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    expect(Buffer.from(await fresh.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    // a URL signed 3,601 s ago is past its hour now
    clock.advance(-3601 * 1000);
    const { url: old } = expectOk(await call(app, 'GET', `/api/sys-file/${id}/url`, operator)).data;
    clock.advance(3601 * 1000);
    const stale = await fetch(old);
    expect(stale.status).toBe(403);
    expect(await stale.text()).toContain('Request has expired');
  });

  it('answers 404 for a file whose object was removed from the bucket', async () => {
    const { id } = await uploadPng(operator);
    const { rows } = await pool.query('SELECT storage_key FROM sys_file WHERE id = $1', [id]);
    await s3Client(config.storage as S3Config).send(new DeleteObjectCommand({ Bucket: 'wb-files', Key: rows[0].storage_key }));
    expectFailure(await call(app, 'GET', `/api/sys-file-type/img/${id}`, operator), 404, '文件内容不存在');
  });

  it("keeps another company's file from being read or signed", async () => {
    const { id } = await uploadPng(operator);
    for (const url of [`/api/sys-file/${id}`, `/api/sys-file/${id}/url`, `/api/sys-file-type/img/${id}`]) {
      expectFailure(await call(app, 'GET', url, otherCompany), 404);
    }
  });

  it('serves no HMAC-signed local URLs when the files are in S3', async () => {
    expectFailure(await app.inject({ method: 'GET', url: '/api/sys-file/signed/1?org=1&expires=9999999999&signature=abc' }), 404);
  });

  it('offers no temporary credential unless a role to assume is configured', async () => {
    expectFailure(await call(app, 'GET', '/api/sys-file/credential?key=cloudStsToken', operator), 404, '未配置云存储临时凭证');
  });
});

describe('a stream put in the bucket', () => {
  it('stores the bytes a stream gives, whole, and nothing when the stream fails', async () => {
    const storage = new S3Storage(s3Client(config.storage as S3Config), 'wb-files');
    const chunks = Array.from({ length: 8 }, (_, i) => Buffer.alloc(100_000, i));
    expect(await storage.putStream('org/999/2026/01/streamed', Readable.from(chunks), 'application/octet-stream')).toBe(800_000);
    const back: Buffer[] = [];
    for await (const c of (await storage.read('org/999/2026/01/streamed'))!) back.push(c as Buffer);
    expect(Buffer.concat(back).equals(Buffer.concat(chunks))).toBe(true);
    async function* failing() {
      yield chunks[0]!;
      throw new Error('writer stopped');
    }
    await expect(storage.putStream('org/999/2026/01/broken', Readable.from(failing()), 'application/octet-stream')).rejects.toThrow('writer stopped');
    expect(await storage.read('org/999/2026/01/broken')).toBeNull();
  });
});

describe('the file sweep over a bucket', () => {
  it('removes an upload nothing points at and an object with no row, once past the grace period', async () => {
    const storage = new S3Storage(s3Client(config.storage as S3Config), 'wb-files');
    const { id } = await uploadPng(operator, 'cancelled.png');
    const { rows: [row] } = await pool.query('SELECT storage_key FROM sys_file WHERE id = $1', [id]);
    await storage.put('org/999/2026/01/left-behind', PNG_1X1, 'image/png');
    // nothing is old yet: the sweep leaves everything
    expect(await sweepFiles(database.db, storage, { graceMs: 86_400_000, now: Date.now })).toEqual({ rows: 0, orphans: 0, skipped: false });
    const result = await sweepFiles(database.db, storage, { graceMs: 86_400_000, now: () => Date.now() + 90_000_000 });
    expect(result.rows).toBeGreaterThanOrEqual(1);
    expect(result.orphans).toBeGreaterThanOrEqual(1);
    expect(await storage.read(row.storage_key)).toBeNull();
    expect(await storage.read('org/999/2026/01/left-behind')).toBeNull();
  });
});

describe('cloud storage credential failing', () => {
  it('answers 502 and logs neither the secret key nor the token', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    // s3rver is no STS service: AssumeRole against it fails, as a misconfigured endpoint would
    const secret = 'sts-secret-never-logged-7f3a';
    const failing = await fileTestApp(
      { ...s3.env, S3_SECRET_ACCESS_KEY: secret, S3_STS_ROLE_ARN: 'arn:aws:iam::000000000000:role/weighbridge-upload', S3_STS_ENDPOINT: s3.endpoint },
      { logger: { level: 'debug', stream } },
    );
    const who = (await bearerFor(failing.app, 'operator')).authorization;
    const res = await call(failing.app, 'GET', '/api/sys-file/credential?key=cloudStsToken', who);
    expectFailure(res, 502, '获取云存储临时凭证失败，请稍后重试');
    const log = lines.join('');
    expect(log).toContain('cloudStsToken failed');
    expect(log).not.toContain(secret);
    expect(log).not.toMatch(/SecretAccessKey|AccessKeySecret|SecurityToken/);
    expect(res.body).not.toContain(secret);
  });
});
