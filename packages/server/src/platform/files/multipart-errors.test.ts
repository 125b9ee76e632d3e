import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { multipartRefusal } from './multipart-errors';

const codeError = (code: string) => Object.assign(new Error(code), { code });

describe("multipart refusals in the user's words", () => {
  it('names the global limits by default', () => {
    expect(multipartRefusal(codeError('FST_REQ_FILE_TOO_LARGE'))).toMatchObject({ status: 400, message: '文件过大，不能超过 20 MB', field: 'file' });
    expect(multipartRefusal(codeError('FST_FILES_LIMIT')).message).toBe('上传文件数量超出限制，最多 10 个，请删除后再上传');
  });

  it("names a route's own limits when given", () => {
    expect(multipartRefusal(codeError('FST_REQ_FILE_TOO_LARGE'), { maxBytes: 5 * 1024 * 1024, maxFiles: 1 }).message).toBe('文件过大，不能超过 5 MB');
  });

  it('calls any other failure while reading a malformed body, and keeps an AppError as it is', () => {
    expect(multipartRefusal(new Error('Unexpected end of form'))).toMatchObject({ status: 400, message: '上传内容格式不正确，无法读取文件' });
    const own = new AppError(400, 'x', 'y');
    expect(multipartRefusal(own)).toBe(own);
  });
});
