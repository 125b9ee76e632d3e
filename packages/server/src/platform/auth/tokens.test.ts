import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@wb/protocol';
import { basic, bearerFor, createTestApp } from '../../../test/harness';
import { call, expectFailure, expectOk } from '../../../test/api';
import { newToken, tokenHash } from './secrets';

const ctx = await createTestApp();
const { app } = ctx;
const { pool } = ctx.database;
const EXPIRED = ErrorCodes.expired.zh;

const me = (authorization?: string) => call(app, 'GET', '/api/sys-info/me', authorization);
const refreshWith = (refresh_token: string) =>
  app.inject({ method: 'POST', url: '/api/oauth/token', query: { grant_type: 'refresh_token', refresh_token }, headers: { authorization: basic() } });

describe('calls without a valid access token answer 401 with the catalogue message', () => {
  it('refuses a call with no Authorization header', async () => {
    expectFailure(await me(), 401, EXPIRED);
  });

  it.each([
    ['an unknown token of the right shape', `Bearer ${newToken()}`],
    ['a token with SQL in it', "Bearer ' OR 1=1 --"],
    ['a bearer without a token', 'Bearer '],
    ['a token with a space in it', 'Bearer abc def'],
    ['Basic client credentials instead of a bearer', basic()],
    ['a 10,000-character token', `Bearer ${'x'.repeat(10_000)}`],
    ['an emoji', 'Bearer 🚚'],
  ])('refuses %s', async (_label, authorization) => {
    expectFailure(await me(authorization), 401, EXPIRED);
  });

  it('refuses the token of a session that logged out', async () => {
    const { authorization } = await bearerFor(app, 'operator');
    expectOk(await call(app, 'GET', '/api/base/logout', authorization));
    expectFailure(await me(authorization), 401, EXPIRED);
    expectFailure(await call(app, 'POST', '/api/sys-user-org/currentOrgs', authorization, {}), 401, EXPIRED);
  });

  it('refuses an access token past its expiry, while its refresh token still renews the session', async () => {
    const { authorization, refresh } = await bearerFor(app, 'quality');
    const access = authorization.slice('Bearer '.length);
    await pool.query("UPDATE auth_session SET access_expires_at = now() - interval '1 second' WHERE access_hash = $1", [tokenHash(access)]);
    expectFailure(await me(authorization), 401, EXPIRED);
    const renewed = await refreshWith(refresh);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expectOk(await me(`Bearer ${renewed.json().access_token}`));
  });

  it('refuses a refresh token past its expiry', async () => {
    const { refresh } = await bearerFor(app, 'quality');
    await pool.query("UPDATE auth_session SET refresh_expires_at = now() - interval '1 second' WHERE refresh_hash = $1", [tokenHash(refresh)]);
    expectFailure(await refreshWith(refresh), 401, EXPIRED);
  });

  it('refuses an unknown or garbage refresh token', async () => {
    expectFailure(await refreshWith(newToken()), 401, EXPIRED);
    expectFailure(await refreshWith("' OR 1=1 --"), 401, EXPIRED);
  });

  it('ends the sessions of a disabled user with 401, and refuses their refresh', async () => {
    const { authorization, refresh } = await bearerFor(app, 'accountant');
    await pool.query("UPDATE sys_user SET enabled = false WHERE username = 'accountant'");
    expectFailure(await me(authorization), 401, EXPIRED);
    expectFailure(await refreshWith(refresh), 401, EXPIRED);
    await pool.query("UPDATE sys_user SET enabled = true WHERE username = 'accountant'");
  });
});

describe('public calls need no token', () => {
  it('serves the client configuration and the captcha without a token', async () => {
    expectOk(await call(app, 'GET', '/api/config/client'));
    expect((await call(app, 'GET', '/api/code/image?randomStr=public-check-1')).statusCode).toBe(200);
  });
});
