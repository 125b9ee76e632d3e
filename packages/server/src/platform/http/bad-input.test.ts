import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { basic, bearerFor, createTestApp, demo } from '../../../test/harness';
import { databaseFingerprint, expectFailure, expectOk } from '../../../test/api';

// Bad input gets a 400 naming the problem (or the catalogue's code), never a 500, and changes
// nothing in the database (DESIGN.md section 3).
const ctx = await createTestApp({ MAX_FAILURES_PER_IP: '1000', MAX_FAILURES_PER_ACCOUNT: '1000' });
const { app } = ctx;
const { pool } = ctx.database;

let admin: string;
let adminId: string;
beforeAll(async () => {
  const session = await bearerFor(app, 'admin');
  admin = session.authorization;
  adminId = session.userId;
});

type Req = InjectOptions;
const json = (method: 'POST' | 'PUT', url: string, payload: string | Buffer, contentType = 'application/json'): Req => ({
  method,
  url,
  payload,
  headers: { authorization: admin, 'content-type': contentType },
});
const orgs = (payload: unknown) => json('POST', '/api/sys-user-org/currentOrgs', JSON.stringify(payload));
const modify = (payload: unknown) => json('PUT', `/api/sys-user/password/modify/${adminId}`, JSON.stringify(payload));
const tokenQuery = (query: Record<string, string>): Req => ({ method: 'POST', url: '/api/oauth/token', query, headers: { authorization: basic() } });
const tokenBody = (payload: unknown): Req => ({
  method: 'POST',
  url: '/api/oauth/token',
  payload: JSON.stringify(payload),
  headers: { authorization: basic(), 'content-type': 'application/json' },
});

/** Sends a request and checks it answered 400 with the message, and changed nothing. */
async function refused(request: () => Req, msg: RegExp): Promise<LightMyRequestResponse> {
  const before = await databaseFingerprint(pool);
  const res = await app.inject(request());
  expectFailure(res, 400, msg);
  expect(await databaseFingerprint(pool)).toEqual(before);
  return res;
}

const good = { password: demo('admin').password, newpassword1: 'Fresh#Admin2027' };

describe('malformed bodies', () => {
  it.each<[string, () => Req, RegExp]>([
    ['malformed JSON', () => json('POST', '/api/sys-user-org/currentOrgs', '{"limit": {'), /不是合法的 JSON/],
    ['JSON with a trailing comma', () => json('POST', '/api/sys-user-org/currentOrgs', '{"limit": {"pn": 1, "ps": 10},}'), /不是合法的 JSON/],
    ['a __proto__ key', () => json('POST', '/api/sys-user-org/currentOrgs', '{"__proto__": {"admin": true}}'), /不是合法的 JSON/],
    ['an empty JSON body', () => json('PUT', `/api/sys-user/password/modify/1`, ''), /请求体为空/],
    ['XML', () => json('POST', '/api/sys-user-org/currentOrgs', '<limit/>', 'application/xml'), /不支持的请求内容类型/],
    ['octet-stream', () => json('POST', '/api/sys-user-org/currentOrgs', Buffer.from([0, 1, 2]), 'application/octet-stream'), /不支持的请求内容类型/],
    ['plain text where an object is due', () => json('POST', '/api/sys-user-org/currentOrgs', 'limit=10', 'text/plain'), /expected object/],
    ['a JSON array where an object is due', () => modify([good]), /expected object/],
    ['JSON null where an object is due', () => modify(null), /expected object/],
  ])('answers 400 to %s', async (_label, request, msg) => {
    await refused(request, msg);
  });

  it('answers 400 to a password change with no body at all', async () => {
    await refused(() => ({ method: 'PUT', url: `/api/sys-user/password/modify/${adminId}`, headers: { authorization: admin } }), /expected object, received undefined/);
  });

  it('does not name a field when the whole body is wrong', async () => {
    const res = await refused(() => modify(null), /参数错误/);
    expect(res.json().data).toBeNull();
  });
});

describe('fields', () => {
  it.each<[string, () => Req, RegExp]>([
    ['a missing field', () => modify({ password: good.password }), /newpassword1/],
    ['an extra field (strict schema)', () => modify({ ...good, admin: true }), /不允许的字段: admin/],
    ['a number where text is due', () => modify({ password: 123456, newpassword1: good.newpassword1 }), /password/],
    ['an array where text is due', () => modify({ password: [good.password], newpassword1: good.newpassword1 }), /password/],
    ['text where a number is due', () => orgs({ limit: { pn: '1', ps: 10 } }), /limit\.pn/],
    ['a fraction as page number', () => orgs({ limit: { pn: 1.5, ps: 10 } }), /limit\.pn/],
    ['page zero', () => orgs({ limit: { pn: 0, ps: 10 } }), /limit\.pn/],
    ['a page size over the cap', () => orgs({ limit: { pn: 1, ps: 101 } }), /limit\.ps/],
    ['a page number past the safe integers', () => orgs({ limit: { pn: 2 ** 60, ps: 10 } }), /limit\.pn/],
    ['an unknown search key', () => orgs({ search: [{ key: 'id; DROP TABLE sys_org', op: 'like', val: 'x' }] }), /search\.0\.key/],
    ['an operator the list does not allow', () => orgs({ search: [{ key: 'orgName', op: 'eq', val: 'x' }] }), /search\.0\.op/],
    ['an unknown sort direction', () => orgs({ sort: [{ key: 'orgName', dir: 'sideways' }] }), /sort\.0\.dir/],
    ['a nested extra field', () => orgs({ limit: { pn: 1, ps: 10, offset: 5 } }), /不允许的字段: offset/],
    ['an object where a list is due, nested 100,000 deep', () => json('POST', '/api/sys-user-org/currentOrgs', `{"search":${'['.repeat(100_000)}${']'.repeat(100_000)}}`), /search/],
    ['a missing grant type', () => tokenQuery({ username: 'admin', password: 'x' }), /grant_type/],
    ['an unknown grant type', () => tokenQuery({ grant_type: 'client_credentials' }), /grant_type/],
    ['an empty user name', () => tokenQuery({ grant_type: 'password', username: '', password: 'x' }), /用户名不能为空/],
    ['an empty password', () => tokenQuery({ grant_type: 'password', username: 'admin', password: '' }), /密码不能为空/],
    ['an empty refresh token', () => tokenQuery({ grant_type: 'refresh_token', refresh_token: '' }), /refresh_token/],
  ])('answers 400 to %s, naming it', async (_label, request, msg) => {
    await refused(request, msg);
  });

  it('answers 400 to a repeated query parameter', async () => {
    await refused(() => ({ method: 'POST', url: '/api/oauth/token?grant_type=password&username=admin&username=operator&password=x', headers: { authorization: basic() } }), /username/);
  });
});

describe('sizes', () => {
  it('answers 400 naming the 2 MB limit to a JSON body over it, not 413 or 500', async () => {
    const body = JSON.stringify({ search: [{ key: 'orgName', op: 'like', val: 'x'.repeat(2 * 1024 * 1024) }] });
    await refused(() => json('POST', '/api/sys-user-org/currentOrgs', body), /请求体过大，不能超过 2 MB/);
  });

  it('answers 400 naming the limit to a form body over it', async () => {
    const body = `grant_type=password&username=admin&password=${'x'.repeat(2 * 1024 * 1024)}`;
    await refused(() => ({ method: 'POST', url: '/api/oauth/token', payload: body, headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' } }), /2 MB/);
  });

  it.each<[string, () => Req, RegExp]>([
    ['a 1 MB search text', () => orgs({ search: [{ key: 'orgName', op: 'like', val: '水'.repeat(500_000) }] }), /search\.0\.val/],
    ['a 101-character user name', () => tokenQuery({ grant_type: 'password', username: 'u'.repeat(101), password: 'x' }), /username/],
    ['a 201-character password', () => tokenQuery({ grant_type: 'password', username: 'admin', password: 'p'.repeat(201) }), /password/],
    ['a 201-character new password', () => modify({ password: good.password, newpassword1: 'Aa1#'.repeat(51) }), /newpassword1/],
  ])('answers 400 to %s, before any password is checked', async (_label, request, msg) => {
    await refused(request, msg);
  });
});

describe('odd characters', () => {
  it.each<[string, () => Req, RegExp]>([
    ['NUL in a user name in the query', () => tokenQuery({ grant_type: 'password', username: 'admin\u0000', password: 'x' }), /参数 username 错误: 不能包含空字符/],
    ['NUL in a user name in a JSON body', () => tokenBody({ grant_type: 'password', username: 'ad\u0000min', password: 'x' }), /username/],
    ['NUL in a form body', () => ({ method: 'POST', url: '/api/oauth/token', payload: 'grant_type=password&username=admin%00&password=x', headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' } }), /username/],
    ['NUL in a search text', () => orgs({ search: [{ key: 'orgName', op: 'like', val: '水泥\u0000' }] }), /参数 search\.0\.val 错误: 不能包含空字符/],
    ['NUL in a new password', () => modify({ password: good.password, newpassword1: 'Fresh#Admin\u00002027' }), /newpassword1/],
    ['NUL in an object key', () => orgs({ 'limit\u0000': 1 }), /不能包含空字符/],
    ['NUL in a path id', () => ({ method: 'POST', url: '/api/sys-user-org/switchOrg/1%00', headers: { authorization: admin } }), /id/],
    ['NUL in a device id header', () => ({ ...tokenQuery({ grant_type: 'password', username: 'admin', password: demo('admin').password }), headers: { authorization: basic(), 'device-id': 'pad\u0000' } }), /device-id/],
    ['a lone high surrogate', () => json('POST', '/api/sys-user-org/currentOrgs', '{"search":[{"key":"orgName","op":"like","val":"\\ud800"}]}'), /search\.0\.val.*代理字符/],
    ['a lone low surrogate', () => json('POST', '/api/oauth/token', '{"grant_type":"password","username":"a\\udc00b","password":"x"}'), /username.*代理字符/],
  ])('answers 400 to %s, naming the field', async (_label, request, msg) => {
    await refused(request, msg);
  });

  it('answers 400 to NUL even before the caller is known', async () => {
    await refused(() => ({ ...orgs({ search: [{ key: 'orgName', op: 'like', val: '\u0000' }] }), headers: { 'content-type': 'application/json' } }), /空字符/);
  });

  it.each([
    ['emoji', '🚚💨'],
    ['right-to-left text', 'مرحبا\u202Eabc'],
    ['SQL', "' OR 1=1 --"],
    ['a LIKE wildcard', '%'],
    ['a backslash', '\\'],
    ['a valid surrogate pair', '𠮷'],
  ])('signs in nobody with %s as the user name: 426, recorded as typed', async (_label, username) => {
    const res = await app.inject(tokenQuery({ grant_type: 'password', username, password: 'Whatever#2027' }));
    expectFailure(res, 426, '用户名或密码错误');
    const { rows } = await pool.query('SELECT username FROM auth_failure ORDER BY id DESC LIMIT 1');
    expect(rows[0].username).toBe(username.trim());
  });

  it.each([['🚚'], ['مرحبا'], ["' OR 1=1 --"], ['"; DROP TABLE sys_org; --']])('searches companies for %s and finds none', async (val) => {
    const { data } = expectOk(await app.inject(orgs({ search: [{ key: 'orgName', op: 'like', val }] })));
    expect(data).toEqual({ total: 0, list: [] });
  });

  it('changes a password to one with emoji and RTL characters, and signs in with it', async () => {
    const session = await bearerFor(app, 'operator');
    const newpassword1 = 'Weigh#2027🚚مرحبا';
    const res = await app.inject({ method: 'PUT', url: `/api/sys-user/password/modify/${session.userId}`, payload: { password: demo('operator').password, newpassword1 }, headers: { authorization: session.authorization } });
    expectOk(res);
    expect((await app.inject(tokenQuery({ grant_type: 'password', username: 'operator', password: newpassword1 }))).statusCode).toBe(200);
  });
});

describe('paths', () => {
  it.each([
    ['letters', 'abc'],
    ['a fraction', '1.5'],
    ['a negative number', '-1'],
    ['an exponent', '1e3'],
    ['SQL', "1%27%20OR%201%3D1"],
    ['a number past bigint', '99999999999999999999'],
    ['a space', '%20'],
  ])('answers 400 to %s as an id, naming the id', async (_label, id) => {
    for (const [method, url] of [
      ['POST', `/api/sys-user-org/switchOrg/${id}`],
      ['PUT', `/api/sys-user/password/modify/${id}`],
      ['PUT', `/api/sys-user/password/reset/${id}`],
    ] as const) {
      const res = await refused(() => ({ method, url, headers: { authorization: admin }, payload: { newpassword: 'Reset#2027x' } }), /参数 id 错误/);
      expect(res.json().data, url).toEqual({ field: 'id' });
    }
  });

  it('answers 400 in the envelope to a path parameter over the length limit', async () => {
    await refused(() => ({ method: 'POST', url: `/api/sys-user-org/switchOrg/${'1'.repeat(300)}`, headers: { authorization: admin } }), /参数过长，不能超过 200 个字符/);
  });

  it('answers 400 in the envelope to a path with broken percent-encoding', async () => {
    await refused(() => ({ method: 'GET', url: '/api/sys-info/%E0%A4%A', headers: { authorization: admin } }), /百分号编码/);
  });

  it('answers 404 in the envelope to a very long unknown path', async () => {
    const before = await databaseFingerprint(pool);
    expectFailure(await app.inject({ method: 'GET', url: `/api/${'a/'.repeat(20_000)}`, headers: { authorization: admin } }), 404, /资源不存在/);
    expect(await databaseFingerprint(pool)).toEqual(before);
  });
});
