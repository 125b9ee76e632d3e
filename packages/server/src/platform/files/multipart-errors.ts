import { AppError, badRequest } from '../http/errors';
import { MULTIPART_LIMITS } from './multipart';
import { tooLargeMessage, tooManyMessage } from './upload-rules';

/**
 * @fastify/multipart's refusals, said in the user's words and naming the field. Anything else
 * that fails while the body is read (busboy: "Unexpected end of form", a malformed part header)
 * is the body's fault too: nothing but the request stream is touched while reading. Any route
 * reading a multipart body (the Excel import too) can wrap its reading in it; limits default to
 * the global ones.
 */
export function multipartRefusal(
  err: unknown,
  limits: { maxBytes: number; maxFiles: number } = { maxBytes: MULTIPART_LIMITS.fileSize, maxFiles: MULTIPART_LIMITS.files },
): AppError {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return badRequest(tooLargeMessage(limits.maxBytes), 'file');
    case 'FST_FILES_LIMIT':
      return badRequest(tooManyMessage(limits.maxFiles), 'file');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('上传请求的字段过多', 'file');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('请以 multipart/form-data 上传文件', 'file');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('上传未完成，连接已中断', 'file');
    default:
      return err instanceof AppError ? err : badRequest('上传内容格式不正确，无法读取文件', 'file');
  }
}
