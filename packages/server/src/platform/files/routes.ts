import type { Actor } from '../audit/log';
import { createHash, randomUUID } from 'node:crypto';
import { idParam, idSchema } from '@wb/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StorageConfig } from '../../config';
import type { Database } from '../db/pool';
import { ok } from '../http/envelope';
import { AppError, badRequest, parse } from '../http/errors';
import { detectContentType } from './content-type';
import { multipartRefusal } from './multipart-errors';
import { type FileRow, findFile, insertFiles, type NewFile } from './repo';
import { type FileStorage, SIGNED_URL_TTL_SECONDS } from './storage';
import { issueStsToken } from './sts';
import { IMAGE_TYPES, MAX_FILES_PER_REQUEST, cleanOriginalName, parseUploadKind, storageKey, storedType, uploadRefusal, type UploadKind } from './upload-rules';
import { checkFileUrl } from './url-signature';
import { directUploadRoutes, presignedPut } from './direct';
import { fileInfo, inlineDisposition } from './wire';
import type { Who } from '../auth/who';

export interface FileRouteDeps {
  storage: FileStorage;
  config: StorageConfig;
  /** injected so that tests can move time past a URL's expiry instead of waiting an hour */
  now: () => number;
  /** the local URL key; null when files live in S3 (its own presigning applies) */
  urlSecret: Buffer | null;
}

const signedQuery = z.object({
  org: idSchema,
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, '签名格式不正确'),
});
const credentialQuery = z.object({ key: z.literal('cloudStsToken', '应为 cloudStsToken'), name: z.unknown().optional(), size: z.unknown().optional() });

interface ReceivedFile {
  name: string;
  bytes: Buffer;
}

export function fileRoutes(app: FastifyInstance, db: Database, deps: FileRouteDeps): void {
  const { storage, config, now } = deps;
  const limits = { maxBytes: config.maxFileBytes, maxFiles: MAX_FILES_PER_REQUEST };

  app.post('/api/sys-file/upload', { config: { logged: 'self' } }, async (request) => {
    const kind = parseUploadKind((request.query as { type?: unknown }).type);
    if (!kind) throw badRequest('参数 type 错误: 应为 img 或 file', 'type');
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件', 'file');
    const received = await readUploads(request, limits);
    if (received.length === 0) throw badRequest('请选择要上传的文件', 'file');
    const { caller } = request;
    const files = await Promise.all(received.map((f) => describeUpload(f, kind, caller, config.maxFileBytes, new Date(now()))));
    const rows = await storeAll(db, storage, received, files, caller);
    return ok(rows.map(fileInfo), '上传成功');
  });

  app.get('/api/sys-file/:id', async (request) => {
    return ok(fileInfo(await callerFile(db, request)));
  });

  app.get('/api/sys-file/:id/url', async (request) => {
    const file = await callerFile(db, request);
    const issuedAt = now();
    const url = await storage.signedUrl(file, issuedAt, SIGNED_URL_TTL_SECONDS);
    return ok({ url, expiresAt: new Date(issuedAt + SIGNED_URL_TTL_SECONDS * 1000).toISOString() });
  });

  // Spec: image view, GET sys-file-type img /{id}, answered as a blob to a signed-in user of the company.
  app.get('/api/sys-file-type/img/:id', async (request, reply) => {
    const file = await callerFile(db, request);
    if (!IMAGE_TYPES.has(file.contentType)) throw AppError.of('notFound', '图片不存在', 'id');
    return sendFile(reply, storage, file, 'private, no-store');
  });

  // The local disk's presigned GET: no session (an <img src> carries none), the signature instead.
  app.get('/api/sys-file/signed/:id', { config: { access: { public: true } } }, async (request, reply) => {
    if (!deps.urlSecret) throw AppError.of('notFound', '文件不存在', 'id');
    const { id } = parse(idParam, request.params);
    const q = parse(signedQuery, request.query);
    const verdict = checkFileUrl({ orgId: q.org, id, expires: q.expires }, q.signature, now(), deps.urlSecret);
    if (verdict === 'tampered') throw new AppError(403, '图片链接无效', 'signature');
    if (verdict === 'expired') throw new AppError(403, '图片链接已过期，请刷新页面后重试', 'expires');
    const file = await findFile(db, q.org, id);
    if (!file) throw AppError.of('notFound', '文件不存在', 'id');
    const remaining = Math.max(0, q.expires - Math.floor(now() / 1000));
    return sendFile(reply, storage, file, `private, max-age=${remaining}`);
  });

  // large files straight to the bucket (direct.ts): a presigned PUT, then the key handed back
  directUploadRoutes(app, db, deps);

  // Spec: cloud storage credential, GET with key=cloudStsToken; only when S3 is configured. Given the
  // file (name, size, type) it answers what the web's direct upload uses: a presigned PUT for one
  // key of the company (direct.ts), which needs no role to assume; without, the STS credential.
  app.get('/api/sys-file/credential', async (request) => {
    const q = parse(credentialQuery, request.query);
    if (q.name !== undefined || q.size !== undefined) return ok(await presignedPut(deps, request.caller.orgId, request.query));
    if (config.kind !== 's3' || !config.stsRoleArn) throw AppError.of('notFound', '未配置云存储临时凭证', 'key');
    try {
      const token = await issueStsToken({ ...config, stsRoleArn: config.stsRoleArn }, request.caller.orgId, request.caller.userId);
      return ok(token);
    } catch (err) {
      // name and message only: the SDK's error object carries the request, and with it the signing key id
      request.log.error({ sts: { name: (err as Error).name, message: (err as Error).message } }, 'cloudStsToken failed');
      throw new AppError(502, '获取云存储临时凭证失败，请稍后重试', 'key');
    }
  });
}

async function callerFile(db: Database, request: FastifyRequest): Promise<FileRow> {
  const { id } = parse(idParam, request.params);
  const file = await findFile(db, request.caller.orgId, id);
  if (!file) throw AppError.of('notFound', '文件不存在', 'id');
  return file;
}

/** Every part read to memory (each capped at maxBytes) before anything is stored: a refusal stores nothing. */
async function readUploads(request: FastifyRequest, limits: { maxBytes: number; maxFiles: number }): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    for await (const part of request.files({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles } })) {
      received.push({ name: part.filename, bytes: await part.toBuffer() });
    }
  } catch (err) {
    throw multipartRefusal(err, limits);
  }
  return received;
}

async function describeUpload(
  f: ReceivedFile, kind: UploadKind, caller: Pick<Who, 'orgId' | 'userId'>, maxBytes: number, at: Date,
): Promise<NewFile> {
  const detectedType = await detectContentType(f.bytes);
  const refusal = uploadRefusal({ kind, size: f.bytes.length, detectedType }, maxBytes);
  if (refusal) throw badRequest(`${cleanOriginalName(f.name)}: ${refusal}`, 'file');
  return {
    orgId: caller.orgId, uploadedBy: caller.userId, originalName: cleanOriginalName(f.name), contentType: storedType(detectedType),
    size: f.bytes.length, sha256: createHash('sha256').update(f.bytes).digest('hex'), storageKey: storageKey(caller.orgId, at, randomUUID()),
  };
}

/** Bytes first, rows after; rows that fail to write take their bytes with them. */
async function storeAll(db: Database, storage: FileStorage, received: ReceivedFile[], files: NewFile[], uploader: Actor): Promise<FileRow[]> {
  const written: string[] = [];
  try {
    for (const [i, f] of files.entries()) {
      await storage.put(f.storageKey, received[i].bytes, f.contentType);
      written.push(f.storageKey);
    }
    return await insertFiles(db, files, uploader);
  } catch (err) {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw err;
  }
}

async function sendFile(reply: FastifyReply, storage: FileStorage, file: FileRow, cacheControl: string) {
  const body = await storage.read(file.storageKey);
  if (!body) throw AppError.of('notFound', '文件内容不存在', 'id');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', inlineDisposition(file.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', cacheControl)
    .send(body);
}
