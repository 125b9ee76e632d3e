import { beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp } from '../../../../test/harness';
import { call, expectFailure, expectOk, orgId } from '../../../../test/api';

// 公告: administrators publish to roles; each user's board shows his roles' current ones.
const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const B = '/api/system/announcement';
let admin: string;
let operator: string;
let accountant: string;
let quality: string;

/** A plant time this many hours from now, as the form's range picker sends it. */
const at = async (hours: number): Promise<string> =>
  (await pool.query(`SELECT to_char(now() + $1 * interval '1 hour', 'YYYY-MM-DD HH24:MI:SS') AS t`, [hours])).rows[0].t as string;

const entity = async (extra: Record<string, unknown> = {}) => ({
  title: '1号磅检定', body: '1号地磅明日 8:00-12:00 检定，车辆走 2 号磅。', level: 'IMPORTANT',
  publishWindow: [await at(-1), await at(24)], roleCodes: ['ROLE_OPERATOR'], pinned: 'false', publisher: '{realName}', ...extra,
});
const publish = async (extra: Record<string, unknown> = {}) => expectOk(await call(app, 'POST', `${B}/create`, admin, { entity: await entity(extra) })).data.id as string;
const board = async (who: string) => expectOk(await call(app, 'GET', `${B}/board`, who)).data.list as { id: string; title: string; read: boolean; pinned: boolean; publisher: string }[];
const logCount = async (action: string) => Number((await pool.query(`SELECT count(*) FROM sys_log WHERE family = '公告' AND action = $1`, [action])).rows[0].count);

beforeAll(async () => {
  admin = (await bearerFor(app, 'admin')).authorization;
  operator = (await bearerFor(app, 'operator')).authorization;
  accountant = (await bearerFor(app, 'accountant')).authorization;
  quality = (await bearerFor(app, 'quality')).authorization;
});

describe('the announcement board', () => {
  it('shows a user only the current announcements of his roles, pinned first', async () => {
    const forOperators = await publish();
    const pinned = await publish({ title: '雨天限速', roleCodes: 'ROLE_OPERATOR,ROLE_ACCOUNTANT', pinned: 'true', level: 'URGENT' });
    const forAccountants = await publish({ title: '月末结账', roleCodes: ['ROLE_ACCOUNTANT'] });
    const past = await publish({ title: '已过期', publishWindow: [await at(-48), await at(-24)] });
    const future = await publish({ title: '未开始', publishWindow: [await at(24), await at(48)] });

    const seenByOperator = (await board(operator)).map((a) => a.id);
    expect(seenByOperator).toEqual([pinned, forOperators]);
    expect((await board(accountant)).map((a) => a.id)).toEqual([pinned, forAccountants]);
    expect(await board(quality)).toEqual([]);
    for (const hidden of [past, future, forAccountants]) expect(seenByOperator).not.toContain(hidden);
    // the publisher is the signed-in administrator, whatever the form sent
    expect((await board(operator))[0].publisher).toBe('系统管理员');
  });

  it('keeps read per user: a read is marked once, logged, and only for an announcement on his board', async () => {
    const id = await publish({ title: '新门岗规则', roleCodes: ['ROLE_OPERATOR', 'ROLE_QUALITY'] });
    const reads = await logCount('read');
    const first = await call(app, 'POST', `${B}/read/${id}`, operator);
    expect(expectOk(first).data).toEqual({ first: true });
    expect(expectOk(await call(app, 'POST', `${B}/read/${id}`, operator)).data).toEqual({ first: false });
    expect((await board(operator)).find((a) => a.id === id)?.read).toBe(true);
    expect((await board(quality)).find((a) => a.id === id)?.read).toBe(false);
    expect(await logCount('read')).toBe(reads + 2);

    // the accountant's roles are not named: no read, no entry
    expectFailure(await call(app, 'POST', `${B}/read/${id}`, accountant), 404, '公告不存在或已过期');
    expect(await logCount('read')).toBe(reads + 2);
  });

  it('two reads at once leave one read row', async () => {
    const id = await publish({ title: '并发已读' });
    const [a, b] = await Promise.all([call(app, 'POST', `${B}/read/${id}`, operator), call(app, 'POST', `${B}/read/${id}`, operator)]);
    expect([expectOk(a).data.first, expectOk(b).data.first].sort()).toEqual([false, true]);
    expect(Number((await pool.query('SELECT count(*) FROM sys_announcement_read WHERE announcement_id = $1', [id])).rows[0].count)).toBe(1);
  });

  it('keeps one company\'s announcements out of another: board, list, get, update and delete', async () => {
    const id = await publish({ title: '水泥公司专用', roleCodes: ['ROLE_ACCOUNTANT'] });
    const other = await orgId(pool, 'HDJC');
    const accountantThere = (await bearerFor(app, 'accountant')).authorization;
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${other}`, accountantThere));
    expect((await board(accountantThere)).map((a) => a.id)).not.toContain(id);
    expectFailure(await call(app, 'POST', `${B}/read/${id}`, accountantThere), 404);

    const adminThere = (await bearerFor(app, 'admin')).authorization;
    expectOk(await call(app, 'POST', `/api/sys-user-org/switchOrg/${other}`, adminThere));
    const listed = expectOk(await call(app, 'POST', `${B}/v2/list`, adminThere, {})).data.list as { title: string }[];
    expect(listed.map((r) => r.title)).not.toContain('水泥公司专用');
    expectFailure(await call(app, 'GET', `${B}/get/${id}`, adminThere), 404);
    expectFailure(await call(app, 'PUT', `${B}/update`, adminThere, { entity: { ...(await entity()), id, version: 0 } }), 404);
    expectOk(await call(app, 'DELETE', `${B}/delList`, adminThere, { ids: [id] }));
    expect(expectOk(await call(app, 'GET', `${B}/get/${id}`, admin)).data.title).toBe('水泥公司专用');
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = Number((await pool.query('SELECT count(*) FROM sys_announcement')).rows[0].count);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '' }, /标题不能为空/],
      [{ publishWindow: [await at(2), await at(1)] }, /发布结束时间应晚于开始时间/],
      [{ publishWindow: ['2026-02-30 08:00:00', await at(1)] }, /发布开始时间/],
      [{ publishWindow: 'tomorrow' }, /发布时间/],
      [{ roleCodes: [] }, /至少选择一项接收角色/],
      [{ roleCodes: ['ROLE_NOBODY'] }, /接收角色不存在或已停用：ROLE_NOBODY/],
      [{ level: 'LOUD' }, /级别/],
      [{ pinned: 'maybe' }, /置顶/],
    ];
    for (const [extra, message] of cases) {
      const res = await call(app, 'POST', `${B}/create`, admin, { entity: await entity(extra) });
      expectFailure(res, 400, message);
    }
    expectFailure(await call(app, 'POST', `${B}/create`, operator, { entity: await entity() }), 403);
    expect(Number((await pool.query('SELECT count(*) FROM sys_announcement')).rows[0].count)).toBe(before);
  });

  it('answers the form its saved values and takes an update at the version read', async () => {
    const id = await publish({ title: '改前', roleCodes: ['ROLE_OPERATOR'] });
    const got = expectOk(await call(app, 'GET', `${B}/get/${id}`, admin)).data;
    expect(got).toMatchObject({ title: '改前', roleCodes: ['ROLE_OPERATOR'], pinned: 'false', level: 'IMPORTANT', version: 0, publisher: '系统管理员' });
    expect(got.publishWindow).toHaveLength(2);
    const changed = { ...got, title: '改后', pinned: true };
    expectOk(await call(app, 'PUT', `${B}/update`, admin, { entity: changed }));
    expectFailure(await call(app, 'PUT', `${B}/update`, admin, { entity: changed }), 409);
    expect((await board(operator)).find((a) => a.id === id)).toMatchObject({ title: '改后', pinned: true });
    const roles = expectOk(await call(app, 'POST', `${B}/role/v2/list`, admin, {})).data.list as { roleCode: string }[];
    expect(roles.map((r) => r.roleCode)).toContain('ROLE_OPERATOR');
  });
});
