import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, badRequest, parse } from '../http/errors';
import { detectContentType } from './content-type';
import { DIRECT_PUT_TTL_SECONDS, directKeyRefusal, sha256Refusal, TYPE_SAMPLE_BYTES } from './direct-rules';
import { insertFiles } from './repo';
import type { FileRouteDeps } from './routes';
import { S3Storage } from './s3-storage';
import { cleanOriginalName, parseUploadKind, storageKey, storedType, tooLargeMessage, uploadRefusal } from './upload-rules';
import { fileInfo } from './wire';

const startQuery = z.object({
  name: z.string().min(1, '文件名不能为空').max(1000),
  size: z.coerce.number({ message: '文件大小应为数字' }).int('文件大小应为整数').positive('文件为空，请重新选择'),
  type: z.string().optional(),
});
const finishBody = z.object({
  key: z.string().min(1, '文件位置不能为空').max(300),
  name: z.string().min(1, '文件名不能为空').max(1000),
  type: z.string().optional(),
  sha256: z.string().refine((v) => sha256Refusal(v) === null, 'sha256 应为 64 位小写十六进制'),
});

/**
 * Large files straight to the object store (直传), so their bytes never pass through the server:
 * 1. GET /api/sys-file/direct: a presigned PUT for one new key under the caller's company prefix,
 *    good for 15 minutes (404 when the files are not in S3: the web then uploads as usual);
 * 2. the browser PUTs the bytes to the store;
 * 3. POST /api/sys-file/direct/finish with the key: the server checks the key is its company's, the
 *    object is there, its size within the limit and its type (read from its first bytes, as an
 *    upload's is) fits, and registers the file with its log entry. A key registered twice is
 *    refused by sys_file's unique storage key, so two finishes at once register it once.
 * The sha256 is the browser's (crypto.subtle): reading the object back to hash it would move the
 * bytes through the server after all.
 */
export function directUploadRoutes(app: FastifyInstance, db: Database, deps: FileRouteDeps): void {
  const { storage, config } = deps;
  const store = () => {
    if (!(storage instanceof S3Storage)) throw AppError.of('notFound', '未配置云存储，请使用普通上传', 'type');
    return storage;
  };

  // also answered by the spec's cloudStsToken call given the file (routes.ts), which the web asks
  app.get('/api/sys-file/direct', async (request) => ok(await presignedPut(deps, request.caller.orgId, request.query)));

  app.post('/api/sys-file/direct/finish', { config: { logged: 'self' } }, async (request) => {
    const s3 = store();
    const b = parse(finishBody, request.body);
    const kind = parseUploadKind(b.type);
    if (!kind) throw badRequest('参数 type 错误: 应为 img 或 file', 'type');
    const { caller } = request;
    const refusal = directKeyRefusal(b.key, caller.orgId);
    if (refusal) throw badRequest(refusal, 'key');
    const stat = await s3.stat(b.key);
    if (!stat) throw badRequest('文件尚未上传到云存储，请重新上传', 'key');
    const detectedType = stat.size === 0 ? null : await detectContentType(await s3.head(b.key, Math.min(TYPE_SAMPLE_BYTES, stat.size)));
    const refused = uploadRefusal({ kind, size: stat.size, detectedType }, config.maxFileBytes);
    const name = cleanOriginalName(b.name);
    if (refused) {
      // what may not be kept is not kept: the object goes, unless a finish already registered it
      if (!(await registered(db, b.key))) await s3.remove(b.key);
      throw badRequest(`${name}: ${refused}`, 'key');
    }
    try {
      const [row] = await insertFiles(db, [{
        orgId: caller.orgId, uploadedBy: caller.userId, originalName: name, contentType: storedType(detectedType), size: stat.size, sha256: b.sha256, storageKey: b.key,
      }], caller);
      return ok(fileInfo(row), '上传成功');
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw badRequest('该文件已登记，不能重复登记', 'key');
      throw err;
    }
  });
}

export interface DirectPut { key: string; url: string; method: 'PUT'; expiresAt: string }

/** Step 1: a presigned PUT for one new key under the company's prefix, for the file the query names. */
export async function presignedPut(deps: FileRouteDeps, orgId: string, query: unknown): Promise<DirectPut> {
  const { storage, config, now } = deps;
  if (!(storage instanceof S3Storage)) throw AppError.of('notFound', '未配置云存储，请使用普通上传', 'type');
  const q = parse(startQuery, query);
  const kind = parseUploadKind(q.type);
  if (!kind) throw badRequest('参数 type 错误: 应为 img 或 file', 'type');
  if (q.size > config.maxFileBytes) throw badRequest(`${cleanOriginalName(q.name)}: ${tooLargeMessage(config.maxFileBytes)}`, 'size');
  const key = storageKey(orgId, new Date(now()), randomUUID());
  const issuedAt = now();
  const url = await storage.presignPut(key, issuedAt, DIRECT_PUT_TTL_SECONDS);
  return { key, url, method: 'PUT', expiresAt: new Date(issuedAt + DIRECT_PUT_TTL_SECONDS * 1000).toISOString() };
}

const registered = async (db: Database, key: string) => Boolean(await db.selectFrom('sys_file').select('id').where('storage_key', '=', key).executeTakeFirst());
