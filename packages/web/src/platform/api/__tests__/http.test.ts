import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, bindHttp, call, type HttpBindings } from '../http';

vi.mock('@/platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let session: ReturnType<HttpBindings['session']>;
let signedOut: string[];
let failures: string[];

beforeEach(() => {
  session = { accessToken: 'old', refreshToken: 'r1', orgId: '7', hasUserInfo: true, isAdmin: false, activeMenuId: null };
  signedOut = [];
  failures = [];
  bindHttp({
    session: () => session,
    language: () => 'zh',
    tokensRefreshed: (reply) => {
      session = { ...session, accessToken: reply.access_token, refreshToken: reply.refresh_token };
    },
    signedOut: (reason) => void signedOut.push(reason),
    failed: (method, path, status) => void failures.push(`${method} ${path} ${status}`),
    companyLeft: () => void signedOut.push('companyLeft'),
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the bearer token, tenant, normalised route path and ajax marker', async () => {
    window.history.pushState({}, '', '/purchase/notice/123');
    const fetchMock = vi.fn(async () => json(200, { success: true, code: 0, msg: 'ok', data: 5 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await call<number>('/x')).toBe(5);
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Headers;
    expect(headers.get('authorization')).toBe('Bearer old');
    expect(headers.get('tenant-id')).toBe('7');
    expect(headers.get('x-route-path')).toBe('/purchase/notice/id');
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('refreshes the token once on a 401 and repeats the call', async () => {
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/oauth/token')) {
        return json(200, { access_token: 'new', refresh_token: 'r2', token_type: 'bearer', expires_in: 7200, scope: 'server', user_id: '1', username: 'admin' });
      }
      const auth = (init.headers as Headers).get('authorization');
      return auth === 'Bearer new' ? json(200, { success: true, code: 0, msg: '', data: 'fresh' }) : json(401, { success: false, code: 401, msg: '过期', data: null });
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await call<string>('/y')).toBe('fresh');
    expect(signedOut).toEqual([]);
    expect(session.accessToken).toBe('new');
  });

  it('signs out with the long-inactivity message when the refresh fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { success: false, code: 401, msg: 'x', data: null })));
    await expect(call('/z')).rejects.toMatchObject({ status: 401, message: '长时间未操作, 登录已失效, 请重新登录' });
    expect(signedOut).toEqual(['expired']);
  });

  it('lets the sign-in form show a captcha error itself, with the field it concerns', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(428, { success: false, code: 428, msg: '验证码错误,请重新输入', data: { field: 'code' } })));
    const err = await call('/oauth/token', { method: 'POST', client: 'web', raw: true, quiet: true }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 428, shown: false, field: 'code' });
    expect(signedOut).toEqual([]);
  });

  it('notifies a failed call and records it in the error log', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(400, { success: false, code: 400, msg: '参数 id 错误', data: { field: 'id' } })));
    await expect(call('/x', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 400, shown: true, field: 'id' });
    expect(failures).toEqual(['POST /x 400']);
  });

  it('refuses the same write while it is still in flight', async () => {
    let release: () => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => { release = () => r(json(200, { success: true, code: 0, msg: '', data: 1 })); })));
    const first = call('/save', { method: 'POST', body: { a: 1 } });
    await expect(call('/save', { method: 'POST', body: { a: 1 } })).rejects.toMatchObject({ status: 0, message: '操作太频繁，请勿重复请求' });
    release();
    expect(await first).toBe(1);
  });
});
