import { describe, expect, it } from 'vitest';
import { basic, createTestApp, demo, signIn } from '../../../test/harness';
import { expectFailure } from '../../../test/api';

const ctx = await createTestApp({ CAPTCHA: 'on', MAX_FAILURES_PER_ACCOUNT: '3', MAX_FAILURES_PER_IP: '100' });
const { app } = ctx;
const { pool } = ctx.database;

let serial = 0;
/** Asks for a captcha image as the login page does, under a fresh randomStr. */
async function drawCaptcha() {
  const randomStr = `login-${Date.now()}-${++serial}`;
  const res = await app.inject({ method: 'GET', url: '/api/code/image', query: { randomStr } });
  return { randomStr, res };
}

/** The code the image shows, read where the server keeps it. */
async function codeOf(randomStr: string): Promise<string | undefined> {
  const { rows } = await pool.query('SELECT code FROM auth_captcha WHERE random_str = $1', [randomStr]);
  return rows[0]?.code;
}

const wrongCodeFor = (code: string) => (code === 'zzzz' ? 'yyyy' : 'zzzz');

describe('captcha image', () => {
  it('draws an SVG image that is never cached and remembers its code for the randomStr', async () => {
    const { randomStr, res } = await drawCaptcha();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(await codeOf(randomStr)).toMatch(/^[a-z0-9]{4}$/i);
  });

  it('refuses a randomStr that is too short or has odd characters', async () => {
    for (const randomStr of ['abc', 'abcdefgh<script>', "abcdefgh' OR 1=1 --"]) {
      const res = await app.inject({ method: 'GET', url: '/api/code/image', query: { randomStr } });
      expectFailure(res, 400, /randomStr/);
    }
    expectFailure(await app.inject({ method: 'GET', url: '/api/code/image' }), 400, /randomStr/);
  });
});

describe('sign-in with the captcha on', () => {
  it('answers 428 to a sign-in without a captcha code', async () => {
    expectFailure(await signIn(app, 'operator', demo('operator').password), 428, '验证码不能为空');
    const { randomStr } = await drawCaptcha();
    expectFailure(await signIn(app, 'operator', demo('operator').password, { randomStr }), 428, '验证码不能为空');
  });

  it('answers 428 to a wrong code and spends the captcha, so the right code no longer works', async () => {
    const { randomStr } = await drawCaptcha();
    const code = (await codeOf(randomStr)) as string;
    const wrong = await signIn(app, 'operator', demo('operator').password, { randomStr, code: wrongCodeFor(code) });
    expectFailure(wrong, 428, '验证码错误,请重新输入');
    expect(await codeOf(randomStr)).toBeUndefined();
    const retry = await signIn(app, 'operator', demo('operator').password, { randomStr, code });
    expectFailure(retry, 428);
  });

  it('answers 428 to the right code once the captcha has expired', async () => {
    const { randomStr } = await drawCaptcha();
    const code = (await codeOf(randomStr)) as string;
    await pool.query("UPDATE auth_captcha SET expires_at = now() - interval '1 second' WHERE random_str = $1", [randomStr]);
    expectFailure(await signIn(app, 'operator', demo('operator').password, { randomStr, code }), 428);
  });

  it('answers 428 to a code drawn for another randomStr', async () => {
    const first = await drawCaptcha();
    const second = await drawCaptcha();
    const code = (await codeOf(first.randomStr)) as string;
    expectFailure(await signIn(app, 'operator', demo('operator').password, { randomStr: second.randomStr, code }), 428);
  });

  it('signs in with the right code in any letter case, and the captcha is then spent', async () => {
    const { randomStr } = await drawCaptcha();
    const code = (await codeOf(randomStr)) as string;
    const res = await signIn(app, 'operator', demo('operator').password, { randomStr, code: ` ${code.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access_token).toBeTruthy();
    expectFailure(await signIn(app, 'operator', demo('operator').password, { randomStr, code }), 428);
  });

  it('spends the captcha on a wrong password too: one image, one guess', async () => {
    const { randomStr } = await drawCaptcha();
    const code = (await codeOf(randomStr)) as string;
    expectFailure(await signIn(app, 'accountant', 'not-the-password', { randomStr, code }), 426, '用户名或密码错误');
    expectFailure(await signIn(app, 'accountant', demo('accountant').password, { randomStr, code }), 428);
    await pool.query("DELETE FROM auth_failure WHERE username = 'accountant'");
  });

  it('lets a locked account learn nothing from the captcha: 429 comes first', async () => {
    await pool.query("INSERT INTO auth_failure (username, ip) SELECT 'accountant', '10.9.9.9' FROM generate_series(1, 3)");
    const res = await signIn(app, 'accountant', demo('accountant').password);
    expectFailure(res, 429, /分钟后再试/);
    await pool.query("DELETE FROM auth_failure WHERE username = 'accountant'");
  });
});

describe('the lock-screen client', () => {
  const lockClient = basic('weighbridge-lock', 'weighbridge-lock');
  const unlock = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/oauth/token', query: { grant_type: 'password', username, password }, headers: { authorization: lockClient } });

  it('unlocks the screen with the password alone, no captcha', async () => {
    const res = await unlock('quality', demo('quality').password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });

  it('still counts its failures towards the account lock', async () => {
    for (let i = 0; i < 3; i++) expectFailure(await unlock('quality', `wrong-${i}`), 426);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM auth_failure WHERE username = 'quality'");
    expect(rows[0].n).toBe(3);
    expectFailure(await unlock('quality', demo('quality').password), 429);
  });

  it('does not let the normal client skip the captcha by claiming to be the lock client with a wrong secret', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      query: { grant_type: 'password', username: 'admin', password: demo('admin').password },
      headers: { authorization: basic('weighbridge-lock', 'weighbridge') },
    });
    expectFailure(res, 401, '客户端认证失败');
  });
});
