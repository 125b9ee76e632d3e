import { describe, expect, it } from 'vitest';
import { basic, createTestApp, demo } from '../../../test/harness';

/** The pro sign-in (/pro/login): its own token call, the company of its page, kept for the session. */
const ctx = await createTestApp();
const { app, database } = ctx;

const proToken = (query: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/pro/oauth/token', query: { grant_type: 'password', scope: 'server', ...query }, headers: { authorization: basic() } });

/** A demo user of two companies: the one the pro page names is not the one the user last chose. */
async function userOfTwoCompanies() {
  const { rows } = await database.pool.query<{ username: string; current: string; other: string }>(`
    SELECT u.username, u.current_org_id::text AS current, min(m.org_id)::text AS other
      FROM sys_user u JOIN sys_user_org m ON m.user_id = u.id AND m.org_id <> u.current_org_id JOIN sys_org o ON o.id = m.org_id AND o.enabled
     WHERE u.username = 'admin' GROUP BY u.username, u.current_org_id`);
  expect(rows).toHaveLength(1);
  return rows[0];
}

const me = async (token: string) => (await app.inject({ method: 'GET', url: '/api/sys-info/me', headers: { authorization: `Bearer ${token}` } })).json().data;

describe('the pro sign-in', () => {
  it('opens the session in the company its page names, not the one last chosen, and logs the sign-in there', async () => {
    const u = await userOfTwoCompanies();
    const res = await proToken({ username: u.username, password: demo('admin').password, org: u.other });
    expect(res.statusCode).toBe(200);
    const info = await me(res.json().access_token);
    expect(String(info.currentOrg)).toBe(u.other);
    const { rows } = await database.pool.query(`SELECT org_id::text, detail FROM sys_log WHERE action = 'login' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]).toEqual({ org_id: u.other, detail: 'weighbridge pro' });
  });

  it('keeps that company: switching is refused, also after a refresh, while an ordinary session switches', async () => {
    const u = await userOfTwoCompanies();
    const pro = (await proToken({ username: u.username, password: demo('admin').password, org: u.other })).json();
    const refreshed = await app.inject({ method: 'POST', url: '/api/pro/oauth/token', query: { grant_type: 'refresh_token', refresh_token: pro.refresh_token }, headers: { authorization: basic() } });
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json().access_token;
    const switched = await app.inject({ method: 'POST', url: `/api/sys-user-org/switchOrg/${u.current}`, headers: { authorization: `Bearer ${token}` } });
    expect(switched.statusCode).toBe(400);
    expect(switched.json().msg).toBe('本次登录的公司已固定，请从普通登录页登录后切换');
    expect(String((await me(token)).currentOrg)).toBe(u.other);

    const ordinary = (await app.inject({ method: 'POST', url: '/api/oauth/token', query: { grant_type: 'password', username: u.username, password: demo('admin').password, scope: 'server' }, headers: { authorization: basic() } })).json();
    const target = String((await me(ordinary.access_token)).currentOrg) === u.other ? u.current : u.other;
    const free = await app.inject({ method: 'POST', url: `/api/sys-user-org/switchOrg/${target}`, headers: { authorization: `Bearer ${ordinary.access_token}` } });
    expect(free.statusCode).toBe(200);
  });

  it('refuses a company the user does not belong to, and a call without the company, opening no session', async () => {
    const { rows } = await database.pool.query<{ id: string }>(`
      SELECT o.id::text FROM sys_org o WHERE NOT EXISTS (SELECT 1 FROM sys_user_org m JOIN sys_user u ON u.id = m.user_id WHERE u.username = 'operator' AND m.org_id = o.id) LIMIT 1`);
    const before = (await database.pool.query('SELECT count(*)::int AS n FROM auth_session')).rows[0].n;
    expect(rows).toHaveLength(1);
    const other = await proToken({ username: 'operator', password: demo('operator').password, org: rows[0].id });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ msg: '您不属于该公司，请从普通登录页登录' });
    const none = await proToken({ username: 'operator', password: demo('operator').password });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('缺少公司 org');
    const wrong = await proToken({ username: 'operator', password: 'nope', org: '1' });
    expect(wrong.statusCode).toBe(426);
    expect((await database.pool.query('SELECT count(*)::int AS n FROM auth_session')).rows[0].n).toBe(before);
  });
});
