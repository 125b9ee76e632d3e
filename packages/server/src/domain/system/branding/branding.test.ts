import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';
import { fileTestApp, multipart } from '../../../platform/files/test-support';
import { documentPdf } from '../../../platform/print/document';
import { letterheadOf } from '../../../platform/print/letterhead';

const { app, database } = await fileTestApp();
const { pool, db } = database;

let admin: { authorization: string; userId: string };
let operator: { authorization: string; userId: string };
beforeAll(async () => {
  admin = await bearerFor(app, 'admin');
  operator = await bearerFor(app, 'operator');
});

/** A real picture, wider than tall, as a phone would send. */
const photo = (width = 600, height = 400, color = '#3c5fbd') => sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

async function upload(url: string, authorization: string | undefined, bytes: Buffer, name = 'me.jpg') {
  const { payload, headers } = await multipart([{ name, bytes, type: 'image/jpeg' }]);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(authorization ? { authorization } : {}) } });
}

const avatarOf = async (id: string) => (await pool.query<{ avatar: string | null }>('SELECT avatar FROM sys_user WHERE id = $1', [id])).rows[0].avatar;
const images = async (kind: string) => Number((await pool.query('SELECT count(*) FROM sys_brand_image WHERE kind = $1', [kind])).rows[0].count);
const logEntries = async (action: string) => Number((await pool.query('SELECT count(*) FROM sys_log WHERE action = $1', [action])).rows[0].count);

describe('a user\'s avatar', () => {
  it('is cropped square to 256 px, kept as PNG and served by name to the group, with its log entry', async () => {
    const before = await logEntries('avatar');
    const body = expectOk(await upload('/api/sys-user/avatar', operator.authorization, await photo()));
    const name = body.data.avatar as string;
    expect(name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await avatarOf(operator.userId)).toBe(name);
    const got = await call(app, 'GET', `/api/admin/file/${name}`, admin.authorization);
    expect([got.statusCode, got.headers['content-type']]).toEqual([200, 'image/png']);
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    // the user info the top bar reads names it
    expect(expectOk(await call(app, 'GET', '/api/sys-info/me', operator.authorization)).data.avatar).toBe(name);
    expect(await logEntries('avatar')).toBe(before + 1);
  });

  it('refuses a file that is not an image (even named .jpg) with a 400 naming the field, and changes nothing', async () => {
    const was = await avatarOf(operator.userId);
    const count = await images('avatar');
    const body = expectFailure(await upload('/api/sys-user/avatar', operator.authorization, Buffer.from('<html>not a picture</html>')), 400, /只能上传图片文件/);
    expect(body.data).toEqual({ field: 'file' });
    expect([await avatarOf(operator.userId), await images('avatar')]).toEqual([was, count]);
  });

  it('refuses a picture over 2 MB, and a body without a file', async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(2 * 1024 * 1024)]);
    expectFailure(await upload('/api/sys-user/avatar', operator.authorization, big), 400, /不能超过/);
    expectFailure(await call(app, 'POST', '/api/sys-user/avatar', operator.authorization, {}), 400, /multipart/);
  });

  it('lets a user change only their own; an administrator of users may change another\'s', async () => {
    const adminWas = await avatarOf(admin.userId);
    expectFailure(await upload(`/api/sys-user/${admin.userId}/avatar`, operator.authorization, await photo()), 403, '只能修改自己的头像');
    expect(await avatarOf(admin.userId)).toBe(adminWas);
    const body = expectOk(await upload(`/api/sys-user/${operator.userId}/avatar`, admin.authorization, await photo(300, 300, '#aa3300')));
    expect(await avatarOf(operator.userId)).toBe(body.data.avatar);
    expectFailure(await upload('/api/sys-user/999999/avatar', admin.authorization, await photo()), 404, '用户不存在');
    expectFailure(await upload('/api/sys-user/abc/avatar', admin.authorization, await photo()), 400);
  });

  it('stops answering a replaced avatar\'s name, and hides avatars from another group and from no session', async () => {
    const old = (await avatarOf(operator.userId)) as string;
    const next = expectOk(await upload('/api/sys-user/avatar', operator.authorization, await photo())).data.avatar as string;
    expectFailure(await call(app, 'GET', `/api/admin/file/${old}`, operator.authorization), 404);
    expect((await call(app, 'GET', `/api/admin/file/${next}`, operator.authorization)).statusCode).toBe(200);
    expectFailure(await call(app, 'GET', `/api/admin/file/${next}`), 401);
    expectFailure(await call(app, 'GET', '/api/admin/file/..%2Fetc', operator.authorization), 400, /图片名称格式不正确/);
    // a user of another group: same name, not found
    await pool.query(`INSERT INTO sys_group (group_code, group_name) VALUES ('OTHER', '另一集团')`);
    await pool.query(`UPDATE sys_user SET group_id = (SELECT id FROM sys_group WHERE group_code = 'OTHER') WHERE id = $1`, [operator.userId]);
    try {
      expectFailure(await call(app, 'GET', `/api/admin/file/${next}`, admin.authorization), 404);
      expectFailure(await upload(`/api/sys-user/${operator.userId}/avatar`, admin.authorization, await photo()), 404, '用户不存在');
    } finally {
      await pool.query(`UPDATE sys_user SET group_id = (SELECT group_id FROM sys_user WHERE id = $2) WHERE id = $1`, [operator.userId, admin.userId]);
    }
  });

  it('keeps exactly one avatar when two uploads race, the one the user points at', async () => {
    const [a, b] = await Promise.all([
      upload('/api/sys-user/avatar', admin.authorization, await photo(200, 200, '#111111')),
      upload('/api/sys-user/avatar', admin.authorization, await photo(200, 200, '#eeeeee')),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const { rows } = await pool.query<{ name: string }>('SELECT name FROM sys_brand_image WHERE user_id = $1', [admin.userId]);
    expect(rows.map((r) => r.name)).toEqual([await avatarOf(admin.userId)]);
  });
});

describe('a company\'s logos', () => {
  it('are set by an administrator of organisations, public by name, named by the brand call', async () => {
    const hdsn = await orgId(pool, 'HDSN');
    const before = await logEntries('logo');
    const main = expectOk(await upload('/api/sys-org/logo/main', admin.authorization, await photo(1200, 300))).data.name as string;
    const small = expectOk(await upload('/api/sys-org/logo/small', admin.authorization, await photo(200, 200))).data.name as string;
    expect(await logEntries('logo')).toBe(before + 2);
    const view = await call(app, 'GET', `/api/imgView/${main}`);
    expect([view.statusCode, view.headers['content-type']]).toEqual([200, 'image/png']);
    const meta = await sharp(view.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([640, 160]);
    expect(expectOk(await call(app, 'GET', `/api/sys-org/brand?org=${hdsn}`)).data).toMatchObject({ orgId: hdsn, logoMain: main, logoSmall: small });
    // no company asked: the first that has a logo
    expect(expectOk(await call(app, 'GET', '/api/sys-org/brand')).data).toMatchObject({ orgId: hdsn, logoMain: main });
    // an avatar's name is not a logo
    const avatar = (await avatarOf(admin.userId)) as string;
    expectFailure(await call(app, 'GET', `/api/imgView/${avatar}`), 404);
  });

  it('refuses a user without the right, a kind that is not main or small, and a non-image', async () => {
    expectFailure(await upload('/api/sys-org/logo/main', operator.authorization, await photo()), 403);
    expectFailure(await upload('/api/sys-org/logo/huge', admin.authorization, await photo()), 400, /kind/);
    expectFailure(await upload('/api/sys-org/logo/main', admin.authorization, Buffer.from('GIF89a-but-not-really')), 400);
  });

  it('prints the main logo on the letterhead of the company\'s PDF statements', async () => {
    const hdsn = await orgId(pool, 'HDSN');
    const letterhead = await letterheadOf(db, hdsn);
    expect(letterhead.logo?.subarray(1, 4).toString()).toBe('PNG');
    const pdf = await documentPdf({ title: '客户对账单', letterhead, facts: [], columns: [{ key: 'no', header: '单号', kind: 'text', width: 40 }], rows: [{ no: 'X1' }] });
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const without = await documentPdf({ title: '客户对账单', letterhead: { ...letterhead, logo: null }, facts: [], columns: [{ key: 'no', header: '单号', kind: 'text', width: 40 }], rows: [{ no: 'X1' }] });
    expect(without.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('goes back to the platform\'s mark when removed; the old name stops answering', async () => {
    const hdsn = await orgId(pool, 'HDSN');
    const { logoSmall } = expectOk(await call(app, 'GET', `/api/sys-org/brand?org=${hdsn}`)).data;
    expectOk(await call(app, 'DELETE', '/api/sys-org/logo/small', admin.authorization));
    expect(expectOk(await call(app, 'GET', `/api/sys-org/brand?org=${hdsn}`)).data.logoSmall).toBeNull();
    expectFailure(await call(app, 'GET', `/api/imgView/${logoSmall}`), 404);
  });
});

describe('the platform\'s facts', () => {
  it('global version info: the release, the version code and the schema\'s last migration', async () => {
    const data = expectOk(await call(app, 'GET', '/api/sys-info/version', operator.authorization)).data;
    expect(data).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), versionCode: expect.any(String) });
    const last = (await pool.query<{ name: string }>('SELECT max(name) AS name FROM schema_migration')).rows[0].name;
    expect(data.schemaMigration).toBe(last);
    expect(Number(data.schemaVersion)).toBeGreaterThanOrEqual(88);
    expectFailure(await call(app, 'GET', '/api/sys-info/version'), 401);
  });

  it('config info: the settings users meet, nothing secret', async () => {
    const data = expectOk(await call(app, 'GET', '/api/sys-info/config', operator.authorization)).data;
    expect(data).toMatchObject({ captcha: false, storage: 'local', timeZone: expect.any(String) });
    expect(JSON.stringify(data)).not.toMatch(/secret|password|postgres/i);
  });

  it('get certificate: whom the platform serves and the company\'s valid licence grants', async () => {
    const data = expectOk(await call(app, 'GET', '/api/sys-info/certificate', operator.authorization)).data;
    expect(data.licensee).not.toBe('');
    expect(data.companies).toBeGreaterThanOrEqual(2);
    expect(data.users).toBeGreaterThanOrEqual(2);
    expect(data.grants).toMatchObject({ valid: expect.any(Number), expiring: expect.any(Number) });
  });
});
