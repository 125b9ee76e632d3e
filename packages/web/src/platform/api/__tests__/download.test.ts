import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { bindHttp, type HttpBindings } from '../http';
import { downloadFile, fileNameOf } from '../download';
import { downloadImportTemplate, exportList, importFile } from '@/platform/templates/api';
import { exportTeamReport } from '@/pages/reports/api';
import { downloadTicketPdf } from '@/pages/ticket-print/api';

vi.mock('@/platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

// Exports, import templates and ticket PDFs are files, not envelopes, but they are calls of the
// session all the same: an expired access token is refreshed once and the download repeated, and a
// failed refresh ends the session (spec calls-errors-constants: clears it and returns to /login).

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = () => json(401, { success: false, code: 401, msg: '令牌已过期', data: null });
const tokens = () => json(200, { access_token: 'new', refresh_token: 'r2', token_type: 'bearer', expires_in: 7200, scope: 'server', user_id: '1', username: 'admin' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const workbook = () =>
  new Response('PK-workbook', {
    status: 200,
    headers: { 'content-type': XLSX, 'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('车辆档案.xlsx')}` },
  });

let session: ReturnType<HttpBindings['session']>;
let signedOut: string[];
/** what the browser was handed to save: name and bytes */
let saved: { name: string; href: string }[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  session = { accessToken: 'old', refreshToken: 'r1', orgId: '7', hasUserInfo: true, isAdmin: false, activeMenuId: null };
  signedOut = [];
  saved = [];
  blobs = new Map();
  vi.mocked(feedback.error).mockClear();
  bindHttp({
    session: () => session,
    language: () => 'zh',
    tokensRefreshed: (reply) => {
      session = { ...session, accessToken: reply.access_token, refreshToken: reply.refresh_token };
    },
    signedOut: (reason) => void signedOut.push(reason),
    failed: () => undefined,
    companyLeft: () => void signedOut.push('companyLeft'),
  });
  // jsdom has no object URLs and does not download: record what a click would save
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const href = `blob:test/${blobs.size}`;
      blobs.set(href, blob);
      return href;
    },
    revokeObjectURL: () => undefined,
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A server whose export answers 401 to the old token and the workbook to the new one. */
function serverWithExpiredToken(refresh: () => Response = tokens) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const auth = (init.headers as Headers).get('authorization') ?? '';
    calls.push(`${init.method} ${url.split('?')[0]} ${auth}`);
    if (url.startsWith('/api/oauth/token')) return refresh();
    return auth === 'Bearer new' ? workbook() : expired();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('downloading a file with an expired access token', () => {
  it('refreshes the token once, repeats the download with the new one and saves the file', async () => {
    const calls = serverWithExpiredToken();
    await downloadFile('/masterdata/vehicle/v2/export', { method: 'POST', body: { search: '苏A' }, fallbackName: 'vehicles.xlsx' });
    expect(calls).toEqual([
      'POST /api/masterdata/vehicle/v2/export Bearer old',
      'POST /api/oauth/token Basic d2VpZ2hicmlkZ2U6d2VpZ2hicmlkZ2U=',
      'POST /api/masterdata/vehicle/v2/export Bearer new',
    ]);
    expect(session.accessToken).toBe('new');
    expect(signedOut).toEqual([]);
    expect(saved.map((s) => s.name)).toEqual(['车辆档案.xlsx']);
    expect(await blobs.get(saved[0].href)?.text()).toBe('PK-workbook');
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('refreshes once for two downloads that found the token expired together', async () => {
    const calls = serverWithExpiredToken();
    await Promise.all([
      downloadFile('/masterdata/vehicle/v2/import/template', { fallbackName: 'a.xlsx' }),
      downloadFile('/report/team/export', { method: 'POST', body: { from: '2026-11-01', to: '2026-11-21' }, fallbackName: 'b.xlsx' }),
    ]);
    expect(calls.filter((c) => c.includes('/oauth/token'))).toHaveLength(1);
    expect(saved).toHaveLength(2);
  });

  it('ends the session when the refresh fails: signed out, nothing saved, the download rejects', async () => {
    const calls = serverWithExpiredToken(() => json(401, { success: false, code: 401, msg: 'invalid refresh token', data: null }));
    await expect(downloadFile('/masterdata/vehicle/v2/export', { method: 'POST', body: {}, fallbackName: 'v.xlsx' }))
      .rejects.toMatchObject({ status: 401, message: ErrorCodes.expired.zh });
    expect(signedOut).toEqual(['expired']);
    expect(saved).toEqual([]);
    expect(calls.filter((c) => c.includes('/export'))).toHaveLength(1);
  });

  it('ends the session at once when there is no refresh token', async () => {
    session = { ...session, refreshToken: null };
    const calls = serverWithExpiredToken();
    await expect(downloadFile('/x/export', { method: 'POST', body: {}, fallbackName: 'x.xlsx' })).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toEqual(['expired']);
    expect(calls).toHaveLength(1);
  });
});

describe('downloading a file', () => {
  it('shows the server\'s refusal like any call and saves nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(400, { success: false, code: 400, msg: '导出行数超过上限', data: null })));
    await expect(downloadFile('/x/export', { method: 'POST', body: {}, fallbackName: 'x.xlsx' })).rejects.toMatchObject({ status: 400, shown: true });
    expect(feedback.error).toHaveBeenCalledWith(expect.stringContaining('导出行数超过上限'));
    expect(saved).toEqual([]);
  });

  it('names the file from Content-Disposition, else the fallback', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''${encodeURIComponent('磅单.pdf')}`, 'x')).toBe('磅单.pdf');
    expect(fileNameOf('attachment; filename=plain.xlsx', 'x')).toBe('plain.xlsx');
    expect(fileNameOf(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});

describe('every file transfer of the app goes through the session\'s refresh', () => {
  it.each([
    ['a list export', () => exportList('/api/masterdata/vehicle/v2', { limit: { pn: 1, ps: 10 } } as never, '车辆档案'), 'POST /api/masterdata/vehicle/v2/export'],
    ['an import template', () => downloadImportTemplate('/api/masterdata/vehicle/v2', '车辆档案'), 'GET /api/masterdata/vehicle/v2/import/template'],
    ['the team report export', () => exportTeamReport({ from: '2026-11-01', to: '2026-11-21' } as never), 'POST /api/report/team/export'],
    ['a ticket PDF', () => downloadTicketPdf('pu', '42', 'CGBD1'), 'POST /api/weigh/pu/print/42'],
  ])('%s', async (_name, download, request) => {
    const calls = serverWithExpiredToken();
    await download();
    expect(calls).toEqual([`${request} Bearer old`, expect.stringContaining('/api/oauth/token'), `${request} Bearer new`]);
    expect(saved).toHaveLength(1);
  });

  it('an import upload is sent again after the refresh', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async () => tokens()));
    vi.stubGlobal('XMLHttpRequest', fakeXhr((auth) => {
      sent.push(auth);
      return auth === 'Bearer new' ? [200, { success: true, code: 0, msg: '', data: { imported: 3 } }] : [401, { success: false, code: 401, msg: '令牌已过期', data: null }];
    }));
    const outcome = await importFile('/api/masterdata/vehicle/v2', new File(['x'], 'v.xlsx'), () => undefined);
    expect(outcome).toEqual({ ok: true, reply: { imported: 3 } });
    expect(sent).toEqual(['Bearer old', 'Bearer new']);
  });

  it('an import upload whose refresh fails ends the session', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { success: false, code: 401, msg: 'invalid refresh token', data: null })));
    vi.stubGlobal('XMLHttpRequest', fakeXhr(() => [401, { success: false, code: 401, msg: '令牌已过期', data: null }]));
    const outcome = await importFile('/api/masterdata/vehicle/v2', new File(['x'], 'v.xlsx'), () => undefined);
    expect(outcome).toMatchObject({ ok: false });
    expect(signedOut).toEqual(['expired']);
  });
});

/** An XMLHttpRequest that answers each send with what `answer` gives for its Authorization header. */
function fakeXhr(answer: (auth: string) => [number, unknown]) {
  return class {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private auth = '';
    open() {}
    setRequestHeader(name: string, value: string) {
      if (name.toLowerCase() === 'authorization') this.auth = value;
    }
    send() {
      const [status, body] = answer(this.auth);
      this.status = status;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.onload?.());
    }
  };
}
