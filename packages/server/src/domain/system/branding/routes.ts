import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { idParam, idSchema } from '@wb/protocol';
import { z } from 'zod';
import { entryOf, writeLog } from '../../../platform/audit/log';
import { hasPermission } from '../../../platform/auth/permissions';
import type { Database } from '../../../platform/db/pool';
import { detectContentType } from '../../../platform/files/content-type';
import { multipartRefusal } from '../../../platform/files/multipart-errors';
import { ok } from '../../../platform/http/envelope';
import { AppError, badRequest, parse } from '../../../platform/http/errors';
import { EXPIRING_DAYS } from '../../licence/rules';
import { newImageName, normaliseImage } from './image';
import {
  certificateOf, companyBrand, companyLogo, groupAvatar, type ImageBytes, insertImage, lockCompanyLogo, lockGroupUser, replaceAvatar, replaceLogo,
} from './repo';
import { avatarVerdict, BRAND_IMAGE_MAX_BYTES, BRAND_IMAGE_NAME, imageRefusal, logoKindOf } from './rules';

/** 用户管理's edit right: what lets an administrator change another user's avatar. */
const USER_EDIT = 'sys_user_edit';
/** 组织机构's edit right: what lets an administrator set the company's logos. */
export const LOGO_PERMISSION = 'sys_org_update';

const nameParam = z.object({ name: z.string().regex(BRAND_IMAGE_NAME, '图片名称格式不正确') });
const logoParam = z.object({ kind: z.enum(['main', 'small'], '应为 main 或 small') });
const brandQuery = z.object({ org: idSchema.optional() });

/** The one image of a multipart body, read whole (refused past the limit before it is decoded). */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片', 'file');
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.files({ limits: { fileSize: BRAND_IMAGE_MAX_BYTES, files: 1 } })) {
      bytes = await part.toBuffer();
    }
  } catch (err) {
    throw multipartRefusal(err, { maxBytes: BRAND_IMAGE_MAX_BYTES, maxFiles: 1 });
  }
  if (!bytes) throw badRequest('请选择要上传的图片', 'file');
  const refusal = imageRefusal({ size: bytes.length, detectedType: await detectContentType(bytes) });
  if (refusal) throw badRequest(refusal, 'file');
  return bytes;
}

function sendImage(reply: FastifyReply, image: ImageBytes, cacheControl: string) {
  return reply
    .header('content-type', image.contentType)
    .header('content-length', String(image.bytes.length))
    .header('x-content-type-options', 'nosniff')
    // a name is never reused (a new image gets a new one), so a browser may keep what it fetched
    .header('cache-control', cacheControl)
    .send(image.bytes);
}

/** Today in the plant's zone, yyyy-mm-dd. */
const plantDay = (now: number) => new Intl.DateTimeFormat('en-CA', { timeZone: process.env.PLANT_TIME_ZONE ?? 'Asia/Shanghai' }).format(new Date(now));

export function brandingRoutes(app: FastifyInstance, db: Database, now: () => number): void {
  /** Sets the avatar of `userId` (the caller's own, or another's with the right), in one transaction with its log entry. */
  async function setAvatar(request: FastifyRequest, userId: string) {
    const { caller } = request;
    const canEditUsers = userId !== caller.userId && (await hasPermission(db, caller, USER_EDIT));
    const image = await normaliseImage(await readImage(request), 'avatar');
    const name = newImageName();
    await db.transaction().execute(async (tx) => {
      const target = await lockGroupUser(tx, userId);
      const verdict = avatarVerdict({ userId: caller.userId, groupId: caller.groupId, canEditUsers }, target);
      if (verdict === 'notFound' || !target) throw AppError.of('notFound', '用户不存在', 'id');
      if (verdict === 'forbidden') throw AppError.of('forbidden', '只能修改自己的头像', 'id');
      await insertImage(tx, { orgId: caller.orgId, name, kind: 'avatar', userId, bytes: image, createdBy: caller.userId });
      await replaceAvatar(tx, userId, target.avatar, name);
      await writeLog(tx, entryOf(caller, { action: 'avatar', family: '用户', docNo: target.username, detail: `头像 ${target.avatar ?? '无'} → ${name}` }));
    });
    return ok({ avatar: name }, '头像已更新');
  }

  // one's own avatar (个人头像), any signed-in user
  app.post('/api/sys-user/avatar', { config: { logged: 'self', access: {} } }, async (request) => setAvatar(request, request.caller.userId));

  // another user's, from 用户管理 (the right checked against the target: one's own needs none)
  app.post('/api/sys-user/:id/avatar', { config: { logged: 'self', access: {} } }, async (request) => {
    const { id } = parse(idParam, request.params);
    return setAvatar(request, id);
  });

  // Spec: avatar, GET admin file /{name}, a blob; any user of the group may see it (the user list shows them)
  app.get('/api/admin/file/:name', { config: { access: {} } }, async (request, reply) => {
    const { name } = parse(nameParam, request.params);
    const image = await groupAvatar(db, request.caller.groupId, name);
    if (!image) throw AppError.of('notFound', '头像不存在', 'name');
    return sendImage(reply, image, 'private, max-age=86400, immutable');
  });

  // the current company's logo (main or small), set from 组织机构
  app.post('/api/sys-org/logo/:kind', { config: { logged: 'self', access: { permission: LOGO_PERMISSION } } }, async (request) => {
    const kind = logoKindOf(parse(logoParam, request.params).kind);
    if (!kind) throw badRequest('参数 kind 错误', 'kind');
    const { caller } = request;
    const image = await normaliseImage(await readImage(request), kind);
    const name = newImageName();
    await db.transaction().execute(async (tx) => {
      const company = await lockCompanyLogo(tx, caller.orgId, kind);
      if (!company) throw AppError.of('notFound', '公司不存在', 'org');
      await insertImage(tx, { orgId: caller.orgId, name, kind, userId: null, bytes: image, createdBy: caller.userId });
      await replaceLogo(tx, caller.orgId, kind, company.old, name);
      await writeLog(tx, entryOf(caller, { action: 'logo', family: '组织机构', docNo: company.orgName, detail: `${kind === 'logo_main' ? '主标识' : '小标识'} → ${name}` }));
    });
    return ok({ name }, '标识已更新');
  });

  // back to the platform's own mark
  app.delete('/api/sys-org/logo/:kind', { config: { logged: 'self', access: { permission: LOGO_PERMISSION } } }, async (request) => {
    const kind = logoKindOf(parse(logoParam, request.params).kind);
    if (!kind) throw badRequest('参数 kind 错误', 'kind');
    const { caller } = request;
    await db.transaction().execute(async (tx) => {
      const company = await lockCompanyLogo(tx, caller.orgId, kind);
      if (!company) throw AppError.of('notFound', '公司不存在', 'org');
      if (!company.old) return;
      await replaceLogo(tx, caller.orgId, kind, company.old, null);
      await writeLog(tx, entryOf(caller, { action: 'logo', family: '组织机构', docNo: company.orgName, detail: `${kind === 'logo_main' ? '主标识' : '小标识'} 已移除` }));
    });
    return ok(null, '标识已移除');
  });

  // Spec: logo, GET imgView/{name}, a blob; public, the sign-in page shows it
  app.get('/api/imgView/:name', { config: { access: { public: true } } }, async (request, reply) => {
    const { name } = parse(nameParam, request.params);
    const image = await companyLogo(db, name);
    if (!image) throw AppError.of('notFound', '图片不存在', 'name');
    return sendImage(reply, image, 'public, max-age=86400, immutable');
  });

  // the names of a company's logos (the company asked for, or the default one): the sign-in page and the sidebar
  app.get('/api/sys-org/brand', { config: { access: { public: true } } }, async (request) => {
    const { org } = parse(brandQuery, request.query);
    return ok(await companyBrand(db, org ?? null));
  });

  // Spec: get certificate
  app.get('/api/sys-info/certificate', { config: { access: {} } }, async (request) => {
    const { caller } = request;
    return ok(await certificateOf(db, caller.groupId, caller.orgId, plantDay(now()), EXPIRING_DAYS));
  });
}
