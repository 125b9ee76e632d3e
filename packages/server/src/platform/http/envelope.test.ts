import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@wb/protocol';
import { basic, createTestApp, demo, signIn } from '../../../test/harness';
import { call, expectFailure } from '../../../test/api';

// Every error of the catalogue reaches the client in the same envelope, with the HTTP status as
// the code; the client keys its handling on both (spec: calls-errors-constants section 8).
const ctx = await createTestApp({ CAPTCHA: 'on', MAX_FAILURES_PER_ACCOUNT: '2' });
const { app } = ctx;

let admin: string;
let operator: string;
beforeAll(async () => {
  const lockClient = async (username: 'admin' | 'operator') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      query: { grant_type: 'password', username, password: demo(username).password },
      headers: { authorization: basic('weighbridge-lock') },
    });
    return `Bearer ${res.json().access_token}`;
  };
  admin = await lockClient('admin');
  operator = await lockClient('operator');
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/weigh/pu/v2/nothing'],
    ['DELETE', '/api/sys-info/me'],
    ['PATCH', '/api/sys-user-org/currentOrgs'],
    ['GET', '/api'],
    ['GET', '/'],
  ] as const)('answers %s %s with 404 in the envelope, not HTML', async (method, url) => {
    const res = await call(app, method, url, admin);
    expectFailure(res, 404, `${ErrorCodes.notFound.zh}: ${method} ${url}`);
  });

  it('answers 404, not 401, to an unknown route without a token', async () => {
    expectFailure(await call(app, 'GET', '/api/no-such-thing'), 404);
  });

  it('leaves the query string out of the message', async () => {
    expectFailure(await call(app, 'GET', '/api/no-such-thing?token=secret', admin), 404, `${ErrorCodes.notFound.zh}: GET /api/no-such-thing`);
  });
});

describe('unknown routes when the server also serves the web app', () => {
  let web: Awaited<ReturnType<typeof createTestApp>>['app'];
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>统一称重管控平台</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'login-abc123.js'), 'export const page = "login";');
    fs.writeFileSync(path.join(dist, 'help.html'), '<!doctype html><title>帮助</title>');
    web = (await createTestApp({ WEB_DIST: dist })).app;
  });

  it('still answers an unknown /api route with 404 in the envelope', async () => {
    expectFailure(await call(web, 'GET', '/api/no-such-thing'), 404, /资源不存在/);
    expectFailure(await call(web, 'POST', '/api/no-such-thing', undefined, {}), 404, /资源不存在/);
  });

  it('answers a non-GET call outside /api with 404 in the envelope, not the page', async () => {
    expectFailure(await call(web, 'POST', '/clouds/index', undefined, {}), 404);
  });

  it('serves the web page for any other GET, for the client router', async () => {
    for (const url of ['/', '/clouds/index', '/login?redirect=/clouds']) {
      const res = await call(web, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('统一称重管控平台');
    }
  });

  it('serves built assets to a visitor who has not signed in', async () => {
    const res = await call(web, 'GET', '/assets/login-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('login');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets browsers keep only hashed assets for good, not pages that change with a release', async () => {
    const res = await call(web, 'GET', '/help.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing built asset with 404, not the page', async () => {
    expectFailure(await call(web, 'GET', '/assets/index-missing.js'), 404);
  });
});

describe('the envelope of every catalogue error', () => {
  it('400: bad request, with the field it concerns', async () => {
    const body = expectFailure(await call(app, 'POST', '/api/sys-user-org/switchOrg/abc', admin), 400);
    expect(body.data).toEqual({ field: 'id' });
  });

  it('401: expired login', async () => {
    expectFailure(await call(app, 'GET', '/api/sys-info/me'), 401, ErrorCodes.expired.zh);
  });

  it('401: unknown client', async () => {
    expectFailure(await app.inject({ method: 'POST', url: '/api/oauth/token', query: { grant_type: 'password', username: 'admin', password: 'x' } }), 401);
  });

  it('403: no permission', async () => {
    expectFailure(await call(app, 'POST', '/api/system/log/v2/list', operator, {}), 403, ErrorCodes.forbidden.zh);
  });

  it('426: wrong user name or password', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      query: { grant_type: 'password', username: 'quality', password: 'Wrong#2026' },
      headers: { authorization: basic('weighbridge-lock') },
    });
    expect(expectFailure(res, 426, ErrorCodes.badCredentials.zh).data).toEqual({ field: 'password' });
  });

  it('428: wrong captcha', async () => {
    expect(expectFailure(await signIn(app, 'admin', demo('admin').password), 428).data).toEqual({ field: 'code' });
  });

  it('429: too many failures', async () => {
    const wrong = () =>
      app.inject({
        method: 'POST',
        url: '/api/oauth/token',
        query: { grant_type: 'password', username: 'accountant', password: 'Wrong#2026' },
        headers: { authorization: basic('weighbridge-lock') },
      });
    await wrong();
    await wrong();
    expect(expectFailure(await wrong(), 429).data).toEqual({ field: 'username' });
  });

  it('400: a body the server cannot read', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/sys-user-org/currentOrgs', payload: '{', headers: { authorization: admin, 'content-type': 'application/json' } });
    expectFailure(res, 400);
  });
});
