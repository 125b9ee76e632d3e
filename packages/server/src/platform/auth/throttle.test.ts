import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@wb/protocol';
import { basic, createTestApp, demo } from '../../../test/harness';
import { expectFailure } from '../../../test/api';

const ctx = await createTestApp({ MAX_FAILURES_PER_ACCOUNT: '3', MAX_FAILURES_PER_IP: '4', FAILURE_WINDOW_SECONDS: '600' });
const { app } = ctx;
const { pool } = ctx.database;

/** A password sign-in from a given network address. */
const signInFrom = (ip: string, username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    query: { grant_type: 'password', username, password },
    headers: { authorization: basic() },
    remoteAddress: ip,
  });

const failuresOf = async (username: string) =>
  (await pool.query('SELECT count(*)::int AS n FROM auth_failure WHERE lower(username) = lower($1)', [username])).rows[0].n as number;

/** Moves recorded failures back in time, as if the window had passed. */
const ageFailures = (seconds: number) => pool.query('UPDATE auth_failure SET at = at - make_interval(secs => $1)', [seconds]);

describe('wrong user name or password', () => {
  it('answers 426 with the catalogue message, names the password field, and records the failure', async () => {
    const body = expectFailure(await signInFrom('10.1.0.1', 'operator', 'Wrong@2026'), 426, ErrorCodes.badCredentials.zh);
    expect(body.data).toEqual({ field: 'password' });
    expect(await failuresOf('operator')).toBe(1);
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const unknown = await signInFrom('10.1.0.2', 'no-such-user', 'Wrong@2026');
    const wrong = await signInFrom('10.1.0.2', 'operator', 'Wrong@2026');
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.statusCode).toBe(426);
    await pool.query('DELETE FROM auth_failure');
  });
});

describe('per-account lock', () => {
  it('locks the account with 429 after the limit, from any address, even for the right password', async () => {
    for (const ip of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) expectFailure(await signInFrom(ip, 'quality', 'Wrong@2026'), 426);
    expectFailure(await signInFrom('10.2.0.4', 'quality', demo('quality').password), 429, '登录失败次数过多，账号已临时锁定，请10分钟后再试');
  });

  it('counts the user name without regard to letter case', async () => {
    expectFailure(await signInFrom('10.2.0.5', 'QUALITY', demo('quality').password), 429);
  });

  it('leaves other accounts alone', async () => {
    expect((await signInFrom('10.2.0.6', 'accountant', demo('accountant').password)).statusCode).toBe(200);
  });

  it('lifts the lock once the failures leave the window, and a success clears them', async () => {
    await ageFailures(601);
    const res = await signInFrom('10.2.0.7', 'quality', demo('quality').password);
    expect(res.statusCode, res.body).toBe(200);
    expect(await failuresOf('quality')).toBe(0);
  });

  it('keeps the lock while the oldest failure is still inside the window', async () => {
    for (let i = 0; i < 3; i++) expectFailure(await signInFrom(`10.2.1.${i}`, 'quality', 'Wrong@2026'), 426);
    await ageFailures(540);
    expectFailure(await signInFrom('10.2.1.9', 'quality', demo('quality').password), 429, /请1分钟后再试/);
    await pool.query('DELETE FROM auth_failure');
  });
});

describe('per-address lock', () => {
  it('locks an address that guesses across many accounts, for every account', async () => {
    for (const name of ['ghost1', 'ghost2', 'ghost3', 'ghost4']) expectFailure(await signInFrom('10.3.0.1', name, 'Wrong@2026'), 426);
    expectFailure(await signInFrom('10.3.0.1', 'accountant', demo('accountant').password), 429, /分钟后再试/);
  });

  it('does not lock the same account signing in from another address', async () => {
    expect((await signInFrom('10.3.0.2', 'accountant', demo('accountant').password)).statusCode).toBe(200);
  });

  it('lifts the address lock after the window', async () => {
    await ageFailures(601);
    expect((await signInFrom('10.3.0.1', 'accountant', demo('accountant').password)).statusCode).toBe(200);
  });
});
