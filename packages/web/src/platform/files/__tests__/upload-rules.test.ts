import { describe, expect, it } from 'vitest';
import { DEFAULT_UPLOAD_LIMIT, parseEnvelope, progressPercent, signedUrlFreshFor, uploadCountRefusal, uploadForm } from '../upload-rules';

describe('upload count', () => {
  it('allows one file by default and refuses a second, saying to delete first', () => {
    expect(DEFAULT_UPLOAD_LIMIT).toBe(1);
    expect(uploadCountRefusal(0, 1, DEFAULT_UPLOAD_LIMIT, 'zh')).toBeNull();
    expect(uploadCountRefusal(1, 1, DEFAULT_UPLOAD_LIMIT, 'zh')).toBe('上传文件数量超出限制，最多 1 个，请删除后再上传');
    expect(uploadCountRefusal(1, 1, DEFAULT_UPLOAD_LIMIT, 'en')).toBe('Upload count exceeds the limit: at most 1. Delete one before uploading.');
  });

  it('takes a template limit, and treats a missing or broken one as the default', () => {
    expect(uploadCountRefusal(2, 1, 3, 'zh')).toBeNull();
    expect(uploadCountRefusal(2, 2, 3, 'zh')).toBe('上传文件数量超出限制，最多 3 个，请删除后再上传');
    expect(uploadCountRefusal(1, 1, 0, 'zh')).not.toBeNull();
    expect(uploadCountRefusal(1, 1, Number.NaN, 'zh')).not.toBeNull();
  });
});

describe('progress', () => {
  it('is a whole percent, 0 while the size is unknown, never past 100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(50, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(4, 3)).toBe(100);
  });
});

describe('signed URL reuse', () => {
  const now = Date.parse('2026-11-21T08:00:00Z');
  it('reuses a URL until a minute before it expires', () => {
    expect(signedUrlFreshFor('2026-11-21T09:00:00Z', now)).toBe(3600_000 - 60_000);
    expect(signedUrlFreshFor('2026-11-21T08:00:59Z', now)).toBe(0);
    expect(signedUrlFreshFor('not a date', now)).toBe(0);
  });
});

describe('request and reply', () => {
  it('puts every file under the field the server reads, with its name', () => {
    const form = uploadForm([new File(['a'], '车头.png'), new Blob(['b'])], [undefined as unknown as string, '行驶证.jpg']);
    const files = form.getAll('file') as File[];
    expect(files.map((f) => f.name)).toEqual(['车头.png', '行驶证.jpg']);
  });

  it('reads an envelope, and nothing else, from the reply text', () => {
    expect(parseEnvelope('{"success":false,"msg":"x"}')).toEqual({ success: false, msg: 'x' });
    expect(parseEnvelope('<html>bad gateway</html>')).toBeNull();
    expect(parseEnvelope('null')).toBeNull();
  });
});
