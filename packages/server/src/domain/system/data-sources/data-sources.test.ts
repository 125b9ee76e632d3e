import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk } from '../../../../test/api';

// 数据源: named read-only connections; the platform's own database stands in for a report database.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const own = new URL(ctx.url);
// a reporting login of its own, so the password is nowhere else in an answer (the database's name, the user)
const READER = `report_${randomBytes(4).toString('hex')}`;
const PASSWORD = `Rp-${randomBytes(9).toString('base64url')}`;
const B = '/api/system/data-source';
let admin: string;
let accountant: string;

await pool.query(`CREATE ROLE ${READER} LOGIN PASSWORD '${PASSWORD}'`);
afterAll(() => pool.query(`DROP OWNED BY ${READER}; DROP ROLE ${READER}`).catch(() => undefined));

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
});

const entity = (extra: Record<string, unknown> = {}) => ({
  sourceName: '平台库', host: own.hostname, port: Number(own.port), database: own.pathname.slice(1), username: READER,
  password: PASSWORD, ssl: false, remark: null, ...extra,
});
const stored = async (id: string) => (await pool.query('SELECT password_enc FROM sys_data_source WHERE id = $1', [id])).rows[0].password_enc as string;

describe('data sources', () => {
  let id: string;

  it('keeps the password sealed at rest and answers it nowhere: create, list, get, update', async () => {
    const created = await call(app, 'POST', `${B}/create`, admin, { entity: entity() });
    expect(created.body).not.toContain(PASSWORD);
    id = expectOk(created).data.id;
    expect(await stored(id)).not.toContain(PASSWORD);
    expect(await stored(id)).toMatch(/^v1\./);

    const listed = await call(app, 'POST', `${B}/v2/list`, admin, {});
    expect(listed.body).not.toContain(PASSWORD);
    expect(expectOk(listed).data.list[0]).toMatchObject({ sourceName: '平台库', hasPassword: true });
    expect(expectOk(listed).data.list[0]).not.toHaveProperty('password');

    const got = await call(app, 'GET', `${B}/get/${id}`, admin);
    expect(got.body).not.toContain(PASSWORD);
    expect(got.body).not.toContain('v1.');
    expect(expectOk(got).data).toMatchObject({ id, sourceName: '平台库', hasPassword: true, version: 0 });

    // an update that leaves the password blank keeps it
    const sealedBefore = await stored(id);
    const updated = await call(app, 'PUT', `${B}/update`, admin, { entity: { ...entity({ remark: '报表用', password: '' }), id, version: 0 } });
    expect(updated.body).not.toContain(PASSWORD);
    expectOk(updated);
    expect(await stored(id)).toBe(sealedBefore);
    const after = await call(app, 'GET', `${B}/get/${id}`, admin);
    expect(after.body).not.toContain(PASSWORD);
    expect(expectOk(after).data).toMatchObject({ remark: '报表用', version: 1, hasPassword: true });

    const log = await pool.query(`SELECT detail FROM sys_log WHERE family = '数据源' ORDER BY id`);
    expect(log.rows.map((r) => r.detail).join(' ')).not.toContain(PASSWORD);
    expect(log.rows).toHaveLength(2);
  });

  it('tests the connection: reaches the platform database read-only, and says plainly when the password is wrong', async () => {
    const okTest = expectOk(await call(app, 'POST', `${B}/test/${id}`, admin));
    expect(okTest.data.readOnly).toBe(true);
    expect(okTest.msg).toMatch(/^连接成功：PostgreSQL \d+/);

    const wrong = expectOk(await call(app, 'POST', `${B}/create`, admin, { entity: entity({ sourceName: '错误密码', password: 'not-the-password' }) })).data.id;
    expectFailure(await call(app, 'POST', `${B}/test/${wrong}`, admin), 400, `连接失败：用户名或密码错误（用户 ${READER}）`);
    const noDb = expectOk(await call(app, 'POST', `${B}/create`, admin, { entity: entity({ sourceName: '无此库', database: 'no_such_db' }) })).data.id;
    expectFailure(await call(app, 'POST', `${B}/test/${noDb}`, admin), 400, '连接失败：数据库 no_such_db 不存在');
  });

  it('runs the source\'s 检测语句 in the connection test, read-only, and says what it answered or why not', async () => {
    const checked = expectOk(await call(app, 'POST', `${B}/create`, admin, { entity: entity({ sourceName: '检测语句', validationQuery: '  SELECT current_user, 2 -- 报表账号\n' }) })).data.id;
    const stored = expectOk(await call(app, 'GET', `${B}/get/${checked}`, admin)).data;
    expect(stored.validationQuery).toBe('SELECT current_user, 2 -- 报表账号');
    const answer = expectOk(await call(app, 'POST', `${B}/test/${checked}`, admin));
    expect(answer.data.check).toEqual({ rows: 1, more: false, first: READER });
    expect(answer.msg).toContain(`；检测语句返回 1 行，首值 ${READER}`);

    // the form sends back what the get answered (its kind, creation time and whether a password is kept too)
    expectOk(await call(app, 'PUT', `${B}/update`, admin, { entity: { ...stored, password: null, validationQuery: 'SELECT g FROM generate_series(1, 500) g;' } }));
    expect((await pool.query('SELECT kind, password_enc IS NOT NULL AS kept FROM sys_data_source WHERE id = $1', [checked])).rows[0]).toEqual({ kind: 'POSTGRESQL', kept: true });
    expect(expectOk(await call(app, 'POST', `${B}/test/${checked}`, admin)).data.check).toEqual({ rows: 100, more: true, first: '1' });

    // a statement that would write passes the form's check but does not run: the test reads it
    // as a subquery in a read-only session
    const writes = (await pool.query('SELECT version FROM sys_data_source WHERE id = $1', [checked])).rows[0].version;
    expectOk(await call(app, 'PUT', `${B}/update`, admin, { entity: { ...entity({ sourceName: '检测语句', password: null }), id: checked, version: writes,
      validationQuery: 'WITH gone AS (DELETE FROM sys_org RETURNING 1) SELECT count(*) FROM gone' } }));
    expectFailure(await call(app, 'POST', `${B}/test/${checked}`, admin), 400, /^检测语句执行失败：/);
    expect((await pool.query('SELECT count(*)::int AS n FROM sys_org')).rows[0].n).toBeGreaterThan(0);
  });

  it('refuses a 检测语句 that is not one reading statement, naming the field, and stores nothing', async () => {
    for (const [text, message] of [
      ['DELETE FROM sys_org', '检测语句只能是查询语句（SELECT、WITH、VALUES 或 TABLE）'],
      ['SELECT 1; SELECT 2', '检测语句只能是一条语句'],
      ['-- 只有注释', '检测语句不能只有注释'],
      ['SELECT 1 '.repeat(300), '检测语句不能超过 2000 个字符'],
    ]) {
      const res = await call(app, 'POST', `${B}/create`, admin, { entity: entity({ sourceName: '不存', validationQuery: text }) });
      expectFailure(res, 400, `参数 entity.validationQuery 错误: ${message}`);
    }
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_data_source WHERE source_name = '不存'`)).rows[0].n).toBe(0);
  });

  it('changes the password when a new one is typed, still sealed', async () => {
    const wrong = (await pool.query(`SELECT id::text FROM sys_data_source WHERE source_name = '错误密码'`)).rows[0].id;
    const before = await stored(wrong);
    const res = await call(app, 'PUT', `${B}/update`, admin, { entity: { ...entity({ sourceName: '错误密码' }), id: wrong, version: 0 } });
    expect(res.body).not.toContain(PASSWORD);
    expectOk(res);
    expect(await stored(wrong)).not.toBe(before);
    expect(await stored(wrong)).not.toContain(PASSWORD);
    expectOk(await call(app, 'POST', `${B}/test/${wrong}`, admin));
    const detail = (await pool.query(`SELECT detail FROM sys_log WHERE family = '数据源' AND doc_no = '错误密码' AND action = 'update'`)).rows[0].detail;
    expect(detail).toBe('密码已更换');
  });

  it('refuses bad input with the field named, and keeps the screen to administrators', async () => {
    expectFailure(await call(app, 'POST', `${B}/create`, admin, { entity: entity({ port: 70000 }) }), 400, /端口应为 1 到 65535 的整数/);
    expectFailure(await call(app, 'POST', `${B}/create`, admin, { entity: entity({ host: '' }) }), 400, /主机不能为空/);
    expectFailure(await call(app, 'POST', `${B}/create`, admin, { entity: entity() }), 400, '数据源名称 平台库 已存在');
    expectFailure(await call(app, 'PUT', `${B}/update`, admin, { entity: { ...entity(), id, version: 0 } }), 409);
    expectFailure(await call(app, 'POST', `${B}/v2/list`, accountant, {}), 403);
    expectFailure(await call(app, 'GET', `${B}/get/${id}`, accountant), 403);
    expectFailure(await call(app, 'POST', `${B}/test/${id}`, accountant), 403);
  });

  it('deletes with a log entry', async () => {
    expect(expectOk(await call(app, 'DELETE', `${B}/delList`, admin, { ids: [id] })).data).toEqual({ count: 1 });
    expectFailure(await call(app, 'GET', `${B}/get/${id}`, admin), 404);
    expect((await pool.query(`SELECT count(*)::int AS n FROM sys_log WHERE family = '数据源' AND action = 'delete'`)).rows[0].n).toBe(1);
  });
});
