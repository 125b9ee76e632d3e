import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindHttp } from '@/platform/api/http';
import { uploadFiles } from '../files-api';
import { DIRECT_UPLOAD_THRESHOLD_BYTES } from '../direct-upload';

vi.mock('@/platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

/** The browser's XMLHttpRequest: records what is sent where, answers 200 with an empty envelope. */
class RecordingXhr {
  static sent: { method: string; url: string; body: unknown }[] = [];
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = '';
  private url = '';
  open(method: string, url: string) { this.method = method; this.url = url; }
  setRequestHeader() { /* the session headers: not what this test is about */ }
  abort() { this.onabort?.(); }
  send(body: unknown) {
    RecordingXhr.sent.push({ method: this.method, url: this.url, body });
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 1, total: 1, lengthComputable: true });
      this.status = 200;
      this.responseText = JSON.stringify({ success: true, code: 0, msg: '上传成功', data: [info] });
      this.onload?.();
    });
  }
}

const info = { id: '9', name: 'snap.jpg', contentType: 'image/jpeg', size: DIRECT_UPLOAD_THRESHOLD_BYTES + 1, sha256: 'a'.repeat(64), createdAt: '2026-11-28T08:00:00Z' };
const big = () => new File([new Uint8Array(DIRECT_UPLOAD_THRESHOLD_BYTES + 1)], 'snap.jpg');
const envelope = (status: number, data: unknown, msg = '') =>
  new Response(JSON.stringify({ success: status === 200, code: status === 200 ? 0 : status, msg, data }), { status, headers: { 'content-type': 'application/json' } });

let calls: { url: string; method: string; body: unknown }[];
beforeEach(() => {
  RecordingXhr.sent = [];
  calls = [];
  vi.stubGlobal('XMLHttpRequest', RecordingXhr);
  bindHttp({
    session: () => ({ accessToken: 't', refreshToken: null, orgId: '7', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh', tokensRefreshed: () => undefined, signedOut: () => undefined, failed: () => undefined, companyLeft: () => undefined,
  });
});
afterEach(() => vi.unstubAllGlobals());

function server(direct: 'on' | 'off') {
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.includes('/sys-file/direct/finish')) return envelope(200, info);
    if (url.includes('/sys-file/credential?key=cloudStsToken')) {
      return direct === 'on' ? envelope(200, { key: 'org/7/2026/11/k', url: 'http://store.example/b/org/7/2026/11/k?X-Amz-Signature=s', method: 'PUT', expiresAt: '' })
        : envelope(404, { field: 'type' }, '未配置云存储，请使用普通上传');
    }
    return envelope(404, null);
  }));
}

describe('a large file', () => {
  it('goes straight to the store with the presigned PUT, then its key is handed to the server with the file\'s hash', async () => {
    server('on');
    const [stored] = await uploadFiles([big()], { kind: 'img', quiet: true });
    expect(stored).toEqual(info);
    // the PUT is asked for through the spec's cloudStsToken call, naming the file
    const asked = new URL(calls[0].url, 'http://web.example');
    expect([asked.pathname, asked.searchParams.get('name'), asked.searchParams.get('size'), asked.searchParams.get('type')]).toEqual(['/api/sys-file/credential', 'snap.jpg', String(big().size), 'img']);
    expect(RecordingXhr.sent.map((s) => [s.method, s.url])).toEqual([['PUT', 'http://store.example/b/org/7/2026/11/k?X-Amz-Signature=s']]);
    const finish = calls.find((c) => c.url.includes('/direct/finish'));
    expect(finish?.body).toMatchObject({ key: 'org/7/2026/11/k', name: 'snap.jpg', type: 'img' });
    expect((finish?.body as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('goes through the server as before when the files are not kept in S3', async () => {
    server('off');
    await uploadFiles([big()], { kind: 'img', quiet: true });
    expect(RecordingXhr.sent.map((s) => s.method)).toEqual(['POST']);
    expect(RecordingXhr.sent[0].url).toContain('/sys-file/upload');
  });

  it('a small one goes through the server without asking', async () => {
    server('on');
    await uploadFiles([new File(['abc'], 'a.png')], { kind: 'img', quiet: true });
    expect(calls).toEqual([]);
    expect(RecordingXhr.sent.map((s) => s.method)).toEqual(['POST']);
  });
});
