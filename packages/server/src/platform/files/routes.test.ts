import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../test/api';
import { JPEG_HEAD, PNG_1X1, fileTestApp, multipart, type Upload } from './test-support';

const { app, database, config, clock, dataDir } = await fileTestApp({ FILE_MAX_BYTES: String(64 * 1024) });
const { pool } = database;

let operator: string;
let otherCompany: string;
beforeAll(async () => {
  operator = (await bearerFor(app, 'operator')).authorization;
  // the accountant works in the second company
  const accountant = await bearerFor(app, 'accountant');
  expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${await orgId(pool, 'HDJC')}`, accountant.authorization));
  otherCompany = accountant.authorization;
});

async function upload(authorization: string, files: Upload[], type = 'img') {
  const { payload, headers } = await multipart(files);
  return app.inject({ method: 'POST', url: `/api/sys-file/upload?type=${type}`, payload, headers: { ...headers, authorization } });
}

async function uploadOne(authorization: string, file: Upload, type = 'img') {
  const body = expectOk(await upload(authorization, [file], type));
  expect(body.data).toHaveLength(1);
  return body.data[0] as { id: string; name: string; contentType: string; size: number; sha256: string };
}

const fileRows = async () => Number((await pool.query('SELECT count(*) FROM sys_file')).rows[0].count);
const storedFiles = () => fs.readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.startsWith('.')).length;

describe('upload and image view on local disk', () => {
  it('stores a photo and gives the same bytes back to a signed-in user of the company', async () => {
    const file = await uploadOne(operator, { name: '行驶证.png', bytes: PNG_1X1, type: 'image/png' });
    expect(file).toMatchObject({ name: '行驶证.png', contentType: 'image/png', size: PNG_1X1.length });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    const view = await call(app, 'GET', `/api/sys-file-type/img/${file.id}`, operator);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    expect(view.rawPayload.equals(PNG_1X1)).toBe(true);
    const meta = expectOk(await call(app, 'GET', `/api/sys-file/${file.id}`, operator));
    expect(meta.data).toEqual(file);
  });

  it('reads the type from the bytes, not from the name or the declared type', async () => {
    const file = await uploadOne(operator, { name: 'photo.gif', bytes: JPEG_HEAD, type: 'image/gif' });
    expect(file.contentType).toBe('image/jpeg');
  });

  it('refuses a non-image for an image field, even named .png, and stores nothing', async () => {
    const before = [await fileRows(), storedFiles()];
    const res = await upload(operator, [{ name: 'truck.png', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png' }]);
    const body = expectFailure(res, 400, /只能上传图片文件/);
    expect(body.data).toEqual({ field: 'file' });
    expect([await fileRows(), storedFiles()]).toEqual(before);
  });

  it('takes any attachment for a file field, typed by its bytes or as octet-stream', async () => {
    const file = await uploadOne(operator, { name: 'note.txt', bytes: Buffer.from('车辆备注'), type: 'image/png' }, 'file');
    expect(file.contentType).toBe('application/octet-stream');
    // and the image view does not serve it as an image
    expectFailure(await call(app, 'GET', `/api/sys-file-type/img/${file.id}`, operator), 404);
  });

  it('refuses a file over the size limit with the limit in the message, and stores nothing', async () => {
    const before = [await fileRows(), storedFiles()];
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(64 * 1024)]);
    const body = expectFailure(await upload(operator, [{ name: 'big.png', bytes: big }]), 400, '文件过大，不能超过 0.06 MB');
    expect(body.data).toEqual({ field: 'file' });
    expect([await fileRows(), storedFiles()]).toEqual(before);
  });

  it('caps the files of one request and stores none of them when over', async () => {
    const before = [await fileRows(), storedFiles()];
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG_1X1 }));
    expectFailure(await upload(operator, eleven), 400, '上传文件数量超出限制，最多 10 个，请删除后再上传');
    expect([await fileRows(), storedFiles()]).toEqual(before);
  });

  it('stores several files of one request together, and none when one of them is refused', async () => {
    const two = expectOk(await upload(operator, [{ name: 'a.png', bytes: PNG_1X1 }, { name: 'b.jpg', bytes: JPEG_HEAD }]));
    expect(two.data.map((f: { name: string }) => f.name)).toEqual(['a.png', 'b.jpg']);
    const before = [await fileRows(), storedFiles()];
    const mixed = await upload(operator, [{ name: 'a.png', bytes: PNG_1X1 }, { name: 'c.pdf', bytes: Buffer.from('%PDF-1.4 x') }]);
    expectFailure(mixed, 400, /c\.pdf: 只能上传图片文件/);
    expect([await fileRows(), storedFiles()]).toEqual(before);
  });

  it('answers 400 naming the field for a request without a file, a JSON body or an unknown type', async () => {
    const form = await emptyForm();
    const none = await app.inject({ method: 'POST', url: '/api/sys-file/upload?type=img', payload: form.payload, headers: { ...form.headers, authorization: operator } });
    expectFailure(none, 400, '请选择要上传的文件');
    expectFailure(await call(app, 'POST', '/api/sys-file/upload?type=img', operator, { file: 'x' }), 400, '请以 multipart/form-data 上传文件');
    const wrongType = await upload(operator, [{ name: 'a.png', bytes: PNG_1X1 }], 'exe');
    expect(expectFailure(wrongType, 400, '参数 type 错误: 应为 img 或 file').data).toEqual({ field: 'type' });
  });

  it('answers 400, not 500, to a body cut short or with a boundary that does not match', async () => {
    const before = [await fileRows(), storedFiles()];
    const { payload, headers } = await multipart([{ name: 'a.png', bytes: PNG_1X1 }]);
    const cut = await app.inject({ method: 'POST', url: '/api/sys-file/upload?type=img', payload: payload.subarray(0, payload.length - 60), headers: { ...headers, authorization: operator } });
    expect(expectFailure(cut, 400, '上传内容格式不正确，无法读取文件').data).toEqual({ field: 'file' });
    const other = await multipart([{ name: 'a.png', bytes: PNG_1X1 }]);
    const mismatched = await app.inject({ method: 'POST', url: '/api/sys-file/upload?type=img', payload, headers: { ...other.headers, authorization: operator } });
    expectFailure(mismatched, 400);
    expect([await fileRows(), storedFiles()]).toEqual(before);
  });

  it('refuses a stranger: uploads and views need a session', async () => {
    const { payload, headers } = await multipart([{ name: 'a.png', bytes: PNG_1X1 }]);
    expectFailure(await app.inject({ method: 'POST', url: '/api/sys-file/upload?type=img', payload, headers }), 401);
  });
});

describe('bytes gone from the disk', () => {
  it('answers 404 for a file whose bytes were removed behind the server', async () => {
    const file = await uploadOne(operator, { name: 'gone.png', bytes: PNG_1X1 });
    const { rows } = await pool.query('SELECT storage_key FROM sys_file WHERE id = $1', [file.id]);
    fs.rmSync(path.join(dataDir, 'files', rows[0].storage_key));
    expectFailure(await call(app, 'GET', `/api/sys-file-type/img/${file.id}`, operator), 404, '文件内容不存在');
  });
});

describe('company isolation', () => {
  it("gives another company's file as not found, in every read", async () => {
    const file = await uploadOne(operator, { name: 'own.png', bytes: PNG_1X1 });
    for (const url of [`/api/sys-file/${file.id}`, `/api/sys-file/${file.id}/url`, `/api/sys-file-type/img/${file.id}`]) {
      expectFailure(await call(app, 'GET', url, otherCompany), 404);
    }
  });

  it("signs no URL that opens another company's file", async () => {
    const mine = await uploadOne(operator, { name: 'mine.png', bytes: PNG_1X1 });
    const theirs = await uploadOne(otherCompany, { name: 'theirs.png', bytes: PNG_1X1 });
    const { url } = expectOk(await call(app, 'GET', `/api/sys-file/${theirs.id}/url`, otherCompany)).data;
    // the other company's signature, pointed at this company's file id
    const swapped = url.replace(`/signed/${theirs.id}?`, `/signed/${mine.id}?`);
    expectFailure(await app.inject({ method: 'GET', url: swapped }), 403, '图片链接无效');
  });
});

describe('signed image URL (local disk: HMAC, served by the server)', () => {
  async function signedUrlOf(id: string) {
    return expectOk(await call(app, 'GET', `/api/sys-file/${id}/url`, operator)).data as { url: string; expiresAt: string };
  }

  it('opens the image without a session for 3,600 s and is refused after', async () => {
    const file = await uploadOne(operator, { name: 'v.png', bytes: PNG_1X1 });
    const issuedAt = clock.now();
    const { url, expiresAt } = await signedUrlOf(file.id);
    expect(Date.parse(expiresAt) - issuedAt).toBe(3600 * 1000);
    const fresh = await app.inject({ method: 'GET', url });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.equals(PNG_1X1)).toBe(true);
    clock.advance(3599 * 1000);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    clock.advance(1000);
    expectFailure(await app.inject({ method: 'GET', url }), 403, '图片链接已过期，请刷新页面后重试');
  });

  it('refuses a URL whose signature, expiry, id or company was altered', async () => {
    const file = await uploadOne(operator, { name: 'w.png', bytes: PNG_1X1 });
    const other = await uploadOne(operator, { name: 'x.png', bytes: PNG_1X1 });
    const { url } = await signedUrlOf(file.id);
    const u = new URL(url, 'http://localhost');
    const signature = u.searchParams.get('signature') as string;
    const altered = [
      withParam(u, 'signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)),
      withParam(u, 'expires', String(Number(u.searchParams.get('expires')) + 86400)),
      withParam(u, 'org', String(Number(u.searchParams.get('org')) + 1)),
      `${u.pathname.replace(file.id, other.id)}${u.search}`,
    ];
    for (const bad of altered) expectFailure(await app.inject({ method: 'GET', url: bad }), 403, '图片链接无效');
    expectFailure(await app.inject({ method: 'GET', url: withParam(u, 'signature', '') }), 400);
  });
});

describe('cloud storage credential', () => {
  it('is not offered on local disk', async () => {
    expectFailure(await call(app, 'GET', '/api/sys-file/credential?key=cloudStsToken', operator), 404, '未配置云存储临时凭证');
  });

  it('names the key when it is not cloudStsToken', async () => {
    const body = expectFailure(await call(app, 'GET', '/api/sys-file/credential?key=other', operator), 400);
    expect(body.data).toEqual({ field: 'key' });
  });
});

it('keeps the files under DATA_DIR/files by default', () => {
  expect(config.storage).toMatchObject({ kind: 'local', dir: path.join(dataDir, 'files') });
  expect(storedFiles()).toBeGreaterThan(0);
});

function withParam(u: URL, key: string, value: string): string {
  const copy = new URL(u);
  copy.searchParams.set(key, value);
  return `${copy.pathname}${copy.search}`;
}

async function emptyForm() {
  const form = new FormData();
  form.append('note', 'no file here');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') as string } };
}

describe('files a document points at', () => {
  it("tells a company's own file ids from another company's and from unknown ones", async () => {
    const { companyFileIds } = await import('./repo');
    const mine = await uploadOne(operator, { name: 'cab.png', bytes: PNG_1X1 });
    const theirs = await uploadOne(otherCompany, { name: 'cab.png', bytes: PNG_1X1 });
    const hdsn = await orgId(pool, 'HDSN');
    expect(await companyFileIds(database.db, hdsn, [mine.id, theirs.id, '999999999'])).toEqual(new Set([mine.id]));
    expect(await companyFileIds(database.db, hdsn, [])).toEqual(new Set());
  });

  it('lets a foreign key demand that a referenced file is of the same company', async () => {
    const mine = await uploadOne(operator, { name: 'cab.png', bytes: PNG_1X1 });
    const hdsn = await orgId(pool, 'HDSN');
    const hdjc = await orgId(pool, 'HDJC');
    // a table of its own in this file's database: a temporary one would live on one pooled connection only
    await pool.query('CREATE TABLE photo_ref (org_id bigint, photo_id bigint, FOREIGN KEY (org_id, photo_id) REFERENCES sys_file (org_id, id))');
    await pool.query('INSERT INTO photo_ref VALUES ($1, $2)', [hdsn, mine.id]);
    await expect(pool.query('INSERT INTO photo_ref VALUES ($1, $2)', [hdjc, mine.id])).rejects.toThrow(/foreign key/);
  });
});
