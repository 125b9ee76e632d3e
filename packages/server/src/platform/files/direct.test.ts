import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { PNG_1X1, fileTestApp, s3TestServer } from './test-support';

// Large files straight to the bucket (direct.ts), against a real S3-compatible server and the app listening on a real socket.
const s3 = await s3TestServer('wb-direct');
const { app, database } = await fileTestApp({ ...s3.env, FILE_MAX_BYTES: String(30 * 1024 * 1024) }, { clockStart: new Date().toISOString() });
const { pool } = database;
const local = await fileTestApp();
let operator: string;
let otherCompany: string;
let base: string;
/** every byte the app's sockets have read: what reached the server over the wire */
const sockets: Socket[] = [];
const receivedBytes = () => sockets.reduce((n, s) => n + s.bytesRead, 0);

beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  const accountant = await bearerFor(app, 'accountant');
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${await orgId(pool, 'HDJC')}`, accountant.authorization));
  otherCompany = accountant.authorization;
  app.server.on('connection', (s: Socket) => sockets.push(s));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

/** A JPEG-looking file of the given size: its magic bytes first, then filler. */
function jpegOf(size: number): Buffer {
  const b = Buffer.alloc(size, 7);
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex').copy(b);
  return b;
}
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function api(method: string, path: string, who: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method, headers: { authorization: who, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() as { success: boolean; msg: string; data: Record<string, unknown> } };
}
const start = (who: string, name: string, size: number, type = 'file') =>
  api('GET', `/api/sys-file/direct?name=${encodeURIComponent(name)}&size=${size}&type=${type}`, who);
const finish = (who: string, body: Record<string, unknown>) => api('POST', '/api/sys-file/direct/finish', who, body);

describe('a large file straight to the bucket', () => {
  it('takes 20 MB without the bytes passing through the server, and registers the file with its log entry', async () => {
    const bytes = jpegOf(20 * 1024 * 1024);
    const before = receivedBytes();
    const ticket = await start(operator, '磅房抓拍.jpg', bytes.length);
    expect(ticket.status).toBe(200);
    const { key, url } = ticket.body.data as { key: string; url: string };
    expect(key).toMatch(new RegExp(`^org/${await orgId(pool, 'HDSN')}/\\d{4}/\\d{2}/`));
    expect(new URL(url).origin).toBe(s3.endpoint);
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    const done = await finish(operator, { key, name: '磅房抓拍.jpg', sha256: sha(bytes) });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ name: '磅房抓拍.jpg', contentType: 'image/jpeg', size: bytes.length, sha256: sha(bytes) });
    // the three calls with their headers: a few kilobytes, not twenty megabytes
    expect(receivedBytes() - before).toBeLessThan(16 * 1024);
    const { rows: [row] } = await pool.query('SELECT size_bytes::int AS size, storage_key FROM sys_file WHERE id = $1', [done.body.data.id]);
    expect(row).toEqual({ size: bytes.length, storage_key: key });
    expect((await pool.query("SELECT count(*)::int AS n FROM sys_log WHERE action = 'upload' AND doc_no = $1", [String(done.body.data.id)])).rows[0].n).toBe(1);
    // it is read back like any other file
    const read = await api('GET', `/api/sys-file/${done.body.data.id}`, operator);
    expect(read.body.data).toMatchObject({ size: bytes.length });
  });

  it('refuses a key of another company, or of a shape the server never issues, and registers nothing', async () => {
    const ticket = await start(operator, 'a.png', PNG_1X1.length, 'img');
    const { key, url } = ticket.body.data as { key: string; url: string };
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(PNG_1X1) })).status).toBe(200);
    const count = async () => (await pool.query('SELECT count(*)::int AS n FROM sys_file')).rows[0].n as number;
    const files = await count();
    const forged = await finish(otherCompany, { key, name: 'a.png', type: 'img', sha256: sha(PNG_1X1) });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('文件位置不属于本公司，不能登记');
    expect((await finish(operator, { key: '../../etc/passwd', name: 'x', sha256: sha(PNG_1X1) })).status).toBe(400);
    expect((await finish(operator, { key: `${key}/../x`, name: 'x', sha256: sha(PNG_1X1) })).status).toBe(400);
    expect(await count()).toBe(files);
    // the owner registers it, once, even when asked twice at once
    const both = await Promise.all([0, 1].map(() => finish(operator, { key, name: 'a.png', type: 'img', sha256: sha(PNG_1X1) })));
    expect(both.map((b) => b.status).sort()).toEqual([200, 400]);
    expect(await count()).toBe(files + 1);
  });

  it('refuses what did not arrive, what is too large and what is not the kind asked for, naming the field', async () => {
    const missing = await start(operator, 'gone.jpg', 1000);
    expectFailure(await call(app, 'POST', '/api/sys-file/direct/finish', operator, { key: missing.body.data.key, name: 'gone.jpg', sha256: sha(Buffer.from('x')) }), 400, '文件尚未上传到云存储，请重新上传');
    expectFailure(await call(app, 'GET', `/api/sys-file/direct?name=big.jpg&size=${40 * 1024 * 1024}`, operator), 400, /文件过大/);
    expectFailure(await call(app, 'GET', '/api/sys-file/direct?name=big.jpg&size=abc', operator), 400);
    const notImage = await start(operator, 'x.png', 100, 'img');
    await fetch(notImage.body.data.url as string, { method: 'PUT', body: new Uint8Array(100).fill(1) });
    expectFailure(await call(app, 'POST', '/api/sys-file/direct/finish', operator, { key: notImage.body.data.key, name: 'x.png', type: 'img', sha256: sha(Buffer.alloc(100, 1)) }), 400, /只能上传图片文件/);
    expectFailure(await call(app, 'POST', '/api/sys-file/direct/finish', operator, { key: notImage.body.data.key, name: 'x.png', sha256: 'nope' }), 400, /sha256/);
  });
});

describe('the spec\'s cloudStsToken call', () => {
  it('answers the presigned PUT the web uses when given the file, and the store takes the file by it', async () => {
    const bytes = jpegOf(6 * 1024 * 1024);
    const ticket = await api('GET', `/api/sys-file/credential?key=cloudStsToken&name=${encodeURIComponent('抓拍.jpg')}&size=${bytes.length}&type=img`, operator);
    expect(ticket.status).toBe(200);
    const { key, url, method } = ticket.body.data as { key: string; url: string; method: string };
    expect(method).toBe('PUT');
    expect(key).toMatch(new RegExp(`^org/${await orgId(pool, 'HDSN')}/`));
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
    const done = await finish(operator, { key, name: '抓拍.jpg', type: 'img', sha256: sha(bytes) });
    expect(done.body.data).toMatchObject({ name: '抓拍.jpg', contentType: 'image/jpeg', size: bytes.length });
  });

  it('checks the file it is given as the direct call does, naming the field', async () => {
    expectFailure(await call(app, 'GET', `/api/sys-file/credential?key=cloudStsToken&name=big.jpg&size=${40 * 1024 * 1024}&type=img`, operator), 400, /文件过大/);
    expectFailure(await call(app, 'GET', '/api/sys-file/credential?key=cloudStsToken&name=a.jpg&size=abc', operator), 400, /文件大小/);
    expectFailure(await call(app, 'GET', '/api/sys-file/credential?key=cloudStsToken&name=a.jpg&size=10&type=exe', operator), 400, /参数 type 错误/);
  });
});

describe('without S3', () => {
  it('answers 404 so the web uploads through the server as before', async () => {
    const who = (await bearerFor(local.app, 'operator')).authorization;
    expectFailure(await call(local.app, 'GET', '/api/sys-file/direct?name=a.jpg&size=100', who), 404, '未配置云存储，请使用普通上传');
    expectFailure(await call(local.app, 'GET', '/api/sys-file/credential?key=cloudStsToken&name=a.jpg&size=100&type=img', who), 404, '未配置云存储，请使用普通上传');
  });
});
