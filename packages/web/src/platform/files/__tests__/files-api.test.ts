import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, bindHttp } from '@/platform/api/http';
import { uploadFiles } from '../files-api';

vi.mock('@/platform/feedback', () => ({
  feedback: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() },
}));

/** Stands in for the browser's XMLHttpRequest: answers each send with the next scripted reply. */
class ScriptedXhr {
  static replies: { status: number; body: unknown }[] = [];
  static sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) { this.url = url; }
  setRequestHeader(key: string, value: string) { this.headers[key.toLowerCase()] = value; }
  abort() { this.onabort?.(); }
  send(body: FormData) {
    ScriptedXhr.sent.push({ url: this.url, headers: this.headers, body });
    const reply = ScriptedXhr.replies.shift() ?? { status: 500, body: null };
    queueMicrotask(() => {
      this.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
      this.upload.onprogress?.({ loaded: 200, total: 200, lengthComputable: true });
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    });
  }
}

let session: { accessToken: string; refreshToken: string | null };
beforeEach(() => {
  ScriptedXhr.replies = [];
  ScriptedXhr.sent = [];
  session = { accessToken: 'old', refreshToken: 'r1' };
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
  bindHttp({
    session: () => ({ ...session, orgId: '7', hasUserInfo: true, isAdmin: false, activeMenuId: null }),
    language: () => 'zh',
    tokensRefreshed: (reply) => { session = { accessToken: reply.access_token, refreshToken: reply.refresh_token }; },
    signedOut: () => undefined,
    failed: () => undefined,
    companyLeft: () => undefined,
  });
});
afterEach(() => vi.unstubAllGlobals());

const info = { id: '9', name: '车头.png', contentType: 'image/png', size: 3, sha256: 'a'.repeat(64), createdAt: '2026-11-21T08:00:00Z' };

describe('uploadFiles', () => {
  it('posts the files under "file" with the session headers and reports whole percents', async () => {
    ScriptedXhr.replies.push({ status: 200, body: { success: true, code: 0, msg: '上传成功', data: [info] } });
    const percents: number[] = [];
    const files = await uploadFiles([new File(['abc'], '车头.png')], { kind: 'img', onProgress: (p) => percents.push(p) });
    expect(files).toEqual([info]);
    expect(percents).toEqual([25, 100]);
    const [sent] = ScriptedXhr.sent;
    expect(sent.url).toBe('/api/sys-file/upload?type=img');
    expect(sent.headers.authorization).toBe('Bearer old');
    // the browser must write the multipart type and its boundary itself
    expect(sent.headers['content-type']).toBeUndefined();
    expect((sent.body.get('file') as File).name).toBe('车头.png');
  });

  it('refreshes an expired session once and sends again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ access_token: 'new', refresh_token: 'r2' }), { status: 200, headers: { 'content-type': 'application/json' } })));
    ScriptedXhr.replies.push({ status: 401, body: { success: false, code: 401, msg: '登录已过期', data: null } });
    ScriptedXhr.replies.push({ status: 200, body: { success: true, code: 0, msg: '上传成功', data: [info] } });
    expect(await uploadFiles([new File(['abc'], 'a.png')], { kind: 'img' })).toEqual([info]);
    expect(ScriptedXhr.sent.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it("rejects with the server's message and field", async () => {
    ScriptedXhr.replies.push({ status: 400, body: { success: false, code: 400, msg: 'a.txt: 只能上传图片文件（JPG、PNG、GIF、WEBP、BMP）', data: { field: 'file' } } });
    const err = await uploadFiles([new File(['abc'], 'a.txt')], { kind: 'img', quiet: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: 'a.txt: 只能上传图片文件（JPG、PNG、GIF、WEBP、BMP）', field: 'file', shown: false });
  });
});
