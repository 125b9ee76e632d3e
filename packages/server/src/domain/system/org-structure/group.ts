import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { ChangeNote } from '../../../platform/audit/log';
import type { Who } from '../../../platform/auth/who';
import type { DB } from '../../../platform/db/schema';
import { AppError } from '../../../platform/http/errors';
import { mustBeAdministrator } from './access';
import * as repo from './repo';

export const groupBody = z.strictObject({
  entity: z.object({
    groupName: z.string().trim().min(1, '集团名称不能为空！').max(60, '集团名称最多60个字符'),
    remark: z.string().trim().max(500, '备注最多500个字符').nullish().transform((v) => v || null),
    version: z.coerce.number().int().min(0, '应为数据的版本号'),
  }),
});

/** The group's name and remark, by an administrator; optimistic as every document: a stale version is 409. */
export async function updateGroup(tx: Transaction<DB>, who: Pick<Who, 'groupId' | 'userId' | 'orgId'>, input: z.infer<typeof groupBody>) {
  await mustBeAdministrator(tx, who);
  const { entity } = input;
  const current = await repo.readGroup(tx, who.groupId, true);
  if (!current) throw AppError.of('notFound', '集团不存在', 'id');
  if (current.version !== entity.version) throw AppError.of('conflict', `集团 ${current.groupCode} 已被他人修改，请刷新后重试`, 'version');
  await repo.updateGroup(tx, who.groupId, who.userId, entity);
  const saved = await repo.readGroup(tx, who.groupId);
  const note: ChangeNote = { action: 'update', family: '集团', docNo: current.groupCode, detail: changed(current, entity) };
  return { saved, note };
}

const changed = (before: { groupName: string; remark: string | null }, after: { groupName: string; remark: string | null }) =>
  [before.groupName !== after.groupName ? `集团名称: ${before.groupName} -> ${after.groupName}` : '',
    (before.remark ?? '') !== (after.remark ?? '') ? `备注: ${before.remark ?? ''} -> ${after.remark ?? ''}` : '']
    .filter(Boolean).join('; ') || null;
