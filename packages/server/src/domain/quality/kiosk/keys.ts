import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ChangeNote } from '../../../platform/audit/log';
import type { Who } from '../../../platform/auth/who';
import { tokenHash } from '../../../platform/auth/secrets';
import { badRequest } from '../../../platform/http/errors';
import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema';
import * as repo from './repo';

/**
 * Kiosk keys (质检终端): an administrator issues one per lab bench or sampling booth of the
 * company, naming the assay items it may enter; the key is shown once (only its hash is kept),
 * and revoking it closes the kiosk at its next call.
 */
export const KIOSK_KEY_PREFIX = 'wbk_';
export const issueKioskBody = z.strictObject({
  name: z.string({ error: '终端名称不能为空' }).trim().min(1, '终端名称不能为空').max(60, '终端名称不能超过60个字符'),
  itemCodes: z.array(z.string().trim().min(1, '化验项目编码不能为空').max(40), { error: '请选择化验项目' }).min(1, '请选择化验项目').max(100, '化验项目最多100个'),
});
export type IssueKioskBody = z.infer<typeof issueKioskBody>;

export const newKioskKey = () => `${KIOSK_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;

export async function issueKiosk(tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'userId'>, body: IssueKioskBody): Promise<{ reply: { id: string; name: string; key: string; items: string[] }; note: ChangeNote }> {
  const codes = [...new Set(body.itemCodes)];
  const items = await repo.itemsByCode(tx, who.orgId, codes);
  const unknown = codes.filter((c) => !items.some((i) => i.item_code === c));
  if (unknown.length) throw badRequest(`化验项目 ${unknown.join('、')} 不存在`, 'itemCodes');
  const key = newKioskKey();
  let id: string;
  try {
    // a refused insert ends the action's transaction: nothing else is written after it
    id = await repo.insertKiosk(tx, { orgId: who.orgId, name: body.name, hash: tokenHash(key), hint: key.slice(-4), itemIds: items.map((i) => i.id), userId: who.userId });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw badRequest(`终端 ${body.name} 已存在`, 'name');
    throw err;
  }
  const names = items.map((i) => i.item_name);
  return {
    reply: { id, name: body.name, key, items: names },
    note: { action: 'issueKiosk', family: '质检终端', docNo: body.name, detail: `化验项目：${names.join('、')}；密钥尾号 ${key.slice(-4)}` },
  };
}


export async function revokeKiosk(tx: Transaction<DB>, who: Pick<Who, 'orgId' | 'userId'>, ids: string[]): Promise<{ reply: { count: number }; notes: ChangeNote[] }> {
  const done = await repo.revokeKiosks(tx, who.orgId, ids, who.userId);
  if (done.length === 0) throw badRequest('所选终端不存在或已吊销', 'ids');
  return { reply: { count: done.length }, notes: done.map((k) => ({ action: 'revokeKiosk', family: '质检终端', docNo: k.name, detail: '吊销密钥' })) };
}
