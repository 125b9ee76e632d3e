import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCodes } from '@wb/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { basic, createTestApp } from '../../../test/harness';
import { startTestProvider } from '../../../test/oidc-provider';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { initOidc } from './oidc';

const WEB = 'http://localhost:8080';
const CLIENT = { client_id: 'weighbridge-web', client_secret: 'web-secret-for-tests' };

const provider = await startTestProvider({
  clients: [{ ...CLIENT, redirect_uris: [`${WEB}/login`], post_logout_redirect_uris: [`${WEB}/login`] }],
  accounts: {
    'idp-operator': { preferred_username: 'operator', name: '王司磅' },
    // bound to quality beforehand; the name it gives must not matter
    'idp-quality': { preferred_username: 'admin', name: '李质检' },
    'idp-admin': { preferred_username: 'admin', name: '系统管理员' },
    'idp-liming': { email: 'Li.Ming@hdjt.example.com', email_verified: true },
    'idp-unverified': { email: 'accountant', email_verified: false },
    'idp-impostor': { preferred_username: 'operator' },
    'idp-stranger': { preferred_username: 'stranger' },
  },
});
afterAll(() => provider.close());

const OIDC_ENV = {
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: CLIENT.client_id,
  OIDC_CLIENT_SECRET: CLIENT.client_secret,
  OIDC_REDIRECT_URI: `${WEB}/login`,
  OIDC_POST_LOGOUT_REDIRECT_URI: `${WEB}/login`,
  OIDC_SCOPE: 'openid profile email',
};
const ctx = await createTestApp(OIDC_ENV);
const { app } = ctx;
const { pool } = ctx.database;

await pool.query("UPDATE sys_user SET oidc_subject = $1 WHERE username = 'operator'", ['idp-operator']);
await pool.query("UPDATE sys_user SET oidc_subject = $1 WHERE username = 'quality'", ['idp-quality']);
await pool.query(`
  WITH u AS (
    INSERT INTO sys_user (group_id, username, real_name, password_hash, current_org_id)
    SELECT group_id, 'li.ming@hdjt.example.com', '李明', password_hash, current_org_id FROM sys_user WHERE username = 'operator'
    RETURNING id, current_org_id)
  INSERT INTO sys_user_org (user_id, org_id) SELECT id, current_org_id FROM u`);

const discoveryDoc = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;

async function authorize(query = '') {
  return app.inject({ method: 'GET', url: `/api/oauth/oidc/authorize${query}` });
}

/** Starts sign-in here, signs in at the provider as `sub`, and returns what comes back to the web. */
async function signInAtProvider(sub: string, query = '') {
  const started = await authorize(query);
  expect(started.statusCode).toBe(302);
  const back = await provider.login(String(started.headers.location), sub);
  expect(`${back.origin}${back.pathname}`).toBe(`${WEB}/login`);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', iss: back.searchParams.get('iss') ?? '' };
}

function exchange(body: unknown, headers: Record<string, string> = { authorization: basic() }) {
  return app.inject({ method: 'POST', url: '/api/oauth/iam/token', payload: body as object, headers });
}

const countRows = async (sql: string, params: unknown[] = []) => (await pool.query(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0].n as number;
const subjectOf = async (username: string) => (await pool.query('SELECT oidc_subject FROM sys_user WHERE username = $1', [username])).rows[0]?.oidc_subject ?? null;

describe('starting a sign-in at the identity provider', () => {
  it('redirects to the provider with PKCE (S256), state and nonce, and remembers them', async () => {
    const res = await authorize('?return=/clouds/index');
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const target = new URL(String(res.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(discoveryDoc.authorization_endpoint);
    const q = target.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT.client_id);
    expect(q.get('redirect_uri')).toBe(`${WEB}/login`);
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('code_challenge_method')).toBe('S256');
    const { rows } = await pool.query('SELECT * FROM auth_oidc_state WHERE state = $1', [q.get('state')]);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.nonce).toBe(q.get('nonce'));
    expect(row.return_path).toBe('/clouds/index');
    expect(createHash('sha256').update(row.code_verifier).digest('base64url')).toBe(q.get('code_challenge'));
    const minutesLeft = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9.5);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it('gives every sign-in its own state, verifier and nonce', async () => {
    const [a, b] = await Promise.all([authorize(), authorize()]);
    const qa = new URL(String(a.headers.location)).searchParams;
    const qb = new URL(String(b.headers.location)).searchParams;
    for (const key of ['state', 'nonce', 'code_challenge']) expect(qa.get(key)).not.toBe(qb.get(key));
  });

  it('refuses a return address that leaves the site', async () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'login']) {
      const res = await authorize(`?return=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().data.field).toBe('return');
    }
  });
});

describe('exchanging the code the provider sent back', () => {
  it('signs a bound person in: tokens that work, the return path, the operation log', async () => {
    const back = await signInAtProvider('idp-operator', '?return=/clouds/index');
    const res = await exchange(back);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', username: 'operator', expires_in: ctx.config.accessTtlSeconds, return_path: '/clouds/index' });
    const me = await app.inject({ method: 'GET', url: '/api/sys-info/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.username).toBe('operator');
    expect(await countRows("sys_log WHERE action = 'oidcLogin' AND user_id = $1", [body.user_id])).toBe(1);
  });

  it('goes by the bound subject, not by the name the provider gives', async () => {
    const res = await exchange(await signInAtProvider('idp-quality'));
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('quality');
    expect(await subjectOf('admin')).toBeNull();
  });

  it('binds the subject on first sign-in to the account named by preferred_username', async () => {
    expect(await subjectOf('admin')).toBeNull();
    const first = await exchange(await signInAtProvider('idp-admin'));
    expect(first.statusCode).toBe(200);
    expect(first.json().username).toBe('admin');
    expect(first.json().return_path).toBe('/login');
    expect(await subjectOf('admin')).toBe('idp-admin');
    expect(await countRows("sys_log WHERE action = 'oidcLogin' AND detail LIKE '%bound subject idp-admin'")).toBe(1);
    const again = await exchange(await signInAtProvider('idp-admin'));
    expect(again.json().username).toBe('admin');
  });

  it('binds on a verified e-mail equal to a user name, ignoring case', async () => {
    const res = await exchange(await signInAtProvider('idp-liming'));
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('li.ming@hdjt.example.com');
    expect(await subjectOf('li.ming@hdjt.example.com')).toBe('idp-liming');
  });

  it('answers 417 to a person with no account here, and opens no session', async () => {
    const sessions = await countRows('auth_session');
    const res = await exchange(await signInAtProvider('idp-stranger'));
    expect(res.statusCode).toBe(417);
    expect(res.json().msg).toBe(ErrorCodes.noBoundAccount.zh);
    expect(await countRows('auth_session')).toBe(sessions);
    expect(await countRows("sys_user WHERE oidc_subject = 'idp-stranger'")).toBe(0);
  });

  it('does not bind on an unverified e-mail', async () => {
    const res = await exchange(await signInAtProvider('idp-unverified'));
    expect(res.statusCode).toBe(417);
    expect(await subjectOf('accountant')).toBeNull();
  });

  it('does not take over an account already bound to another subject', async () => {
    const res = await exchange(await signInAtProvider('idp-impostor'));
    expect(res.statusCode).toBe(417);
    expect(await subjectOf('operator')).toBe('idp-operator');
  });

  it('refuses a state used before, without opening a session', async () => {
    const back = await signInAtProvider('idp-operator');
    expect((await exchange(back)).statusCode).toBe(200);
    const sessions = await countRows('auth_session');
    const replay = await exchange(back);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().data.field).toBe('state');
    expect(replay.json().msg).toMatch(/已失效或已使用/);
    expect(await countRows('auth_session')).toBe(sessions);
  });

  it('refuses an expired state', async () => {
    const back = await signInAtProvider('idp-operator');
    await pool.query("UPDATE auth_oidc_state SET expires_at = now() - interval '1 second' WHERE state = $1", [back.state]);
    const res = await exchange(back);
    expect(res.statusCode).toBe(401);
    expect(res.json().data.field).toBe('state');
  });

  it('answers 401 to a tampered code, and the state is spent', async () => {
    const back = await signInAtProvider('idp-operator');
    const sessions = await countRows('auth_session');
    const tampered = await exchange({ ...back, code: `${back.code.slice(0, -4)}AAAA` });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().data.field).toBe('code');
    expect(await countRows('auth_session')).toBe(sessions);
    expect((await exchange(back)).statusCode).toBe(401);
  });

  it('answers 401 when the response names another issuer', async () => {
    const back = await signInAtProvider('idp-operator');
    const res = await exchange({ ...back, iss: 'http://127.0.0.1:1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().data.field).toBe('code');
  });

  it('refuses a call without the Basic client header, leaving the state usable', async () => {
    const back = await signInAtProvider('idp-operator');
    expect((await exchange(back, {})).statusCode).toBe(401);
    expect((await exchange(back, { authorization: basic('weighbridge', 'guess') })).statusCode).toBe(401);
    expect((await exchange(back)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const missing = await exchange({ code: 'abc' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.field).toBe('state');
    const wrongType = await exchange({ code: 12, state: 'abc' });
    expect(wrongType.json().data.field).toBe('code');
    const extra = await exchange({ code: 'abc', state: 'abc', username: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().msg).toContain('username');
    const empty = await app.inject({ method: 'POST', url: '/api/oauth/iam/token', headers: { authorization: basic() } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('what the web is told before sign-in', () => {
  it('reports the provider sign-in and its logout address, which the provider accepts', async () => {
    expect(await initOidc(ctx.config)).toBe(true);
    const res = await app.inject({ method: 'GET', url: '/api/config/client' });
    const { oidc } = res.json().data;
    expect(oidc.enabled).toBe(true);
    expect(oidc.loginUrl).toBe('/api/oauth/oidc/authorize');
    const logout = new URL(oidc.logoutUrl);
    expect(`${logout.origin}${logout.pathname}`).toBe(discoveryDoc.end_session_endpoint);
    expect(logout.searchParams.get('client_id')).toBe(CLIENT.client_id);
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${WEB}/login`);
    const page = await fetch(logout, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('logout');
  });

  it('stays fast and enabled while the provider is down; sign-in then answers 503', async () => {
    const config = loadConfig({ CAPTCHA: 'off', JOBS: 'off', ...OIDC_ENV, OIDC_ISSUER: `http://127.0.0.1:${await closedPort()}` });
    const down = await buildApp({ config, database: ctx.database });
    try {
      const started = Date.now();
      const res = await down.inject({ method: 'GET', url: '/api/config/client' });
      expect(Date.now() - started).toBeLessThan(500);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.oidc).toEqual({ enabled: true, loginUrl: '/api/oauth/oidc/authorize', logoutUrl: null });
      expect((await down.inject({ method: 'GET', url: '/api/oauth/oidc/authorize' })).statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });
});

/** A port nothing listens on: bound once by us, then released. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
