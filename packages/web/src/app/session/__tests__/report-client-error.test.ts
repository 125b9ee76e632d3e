import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import { logClientError } from '../client-log-store';
import { resetReportsForTest } from '../report-client-error';
import { useSession } from '../session-store';

vi.mock('@/platform/feedback', () => ({ feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() } }));

const posted = () => fetchMock.mock.calls.map((c) => {
  const [url, init] = c as unknown as [string, RequestInit];
  return { url, method: init.method, body: JSON.parse(String(init.body)) };
});
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetReportsForTest();
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, code: 0, msg: '已记录', data: { count: 1 } }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: 'r', orgId: '7', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => undefined, signedOut: () => undefined, failed: () => undefined, companyLeft: () => undefined,
  });
  useSession.setState({ accessToken: 't' });
  window.history.pushState({}, '', '/weigh/pu');
});
afterEach(() => vi.unstubAllGlobals());

describe('the web sending its own errors to the admin log', () => {
  it('posts a render error with its page and stack', async () => {
    logClientError('render', new Error('Cannot read properties of undefined'), 'in Grid');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [sent] = posted();
    expect(sent).toMatchObject({ url: '/api/admin/log/logs', method: 'POST', body: { type: 'render', message: 'Cannot read properties of undefined', url: '/weigh/pu', info: 'in Grid' } });
    expect(sent.body.stack).toMatch(/Cannot read properties/);
  });

  it('names a failed chunk load as such, and sends the same failure once', async () => {
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/WeighPage-1a2b.js');
    logClientError('promise', failed);
    logClientError('promise', failed);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(posted()[0].body.type).toBe('chunk');
  });

  it('leaves failed calls to the server, and sends nothing before sign-in', async () => {
    logClientError('api', new Error('服务器错误'), 'POST /api/x → 500');
    useSession.setState({ accessToken: null });
    logClientError('render', new Error('before sign-in'));
    useSession.setState({ accessToken: 't' });
    logClientError('error', new Error('after sign-in'));
    // the one sent after sign-in is the only one: the two before it were never sent
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(posted().map((p) => p.body.message)).toEqual(['after sign-in']);
  });
});
