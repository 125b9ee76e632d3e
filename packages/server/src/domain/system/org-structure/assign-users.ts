import { idSchema } from '@wb/protocol';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { ChangeNote } from '../../../platform/audit/log';
import type { Who } from '../../../platform/auth/who';
import type { DB } from '../../../platform/db/schema';
import { AppError, badRequest } from '../../../platform/http/errors';
import * as repo from './repo';

export const assignBody = z.strictObject({
  deptId: idSchema.nullable(),
  userIds: z.array(idSchema).min(1, '请至少选择一条数据！').max(500),
});

/**
 * Puts some of the company's users into a department (or out of any, deptId null): an enabled
 * department of the company, and only the company's own people.
 */
export async function assignUsers(tx: Transaction<DB>, who: Pick<Who, 'orgId'>, input: z.infer<typeof assignBody>): Promise<{ count: number; note: ChangeNote }> {
  const { deptId, userIds } = input;
  let dept: { code: string } | null = null;
  if (deptId !== null) {
    const found = await repo.lockDepartment(tx, who.orgId, deptId);
    if (!found) throw AppError.of('notFound', `部门不存在: ${deptId}`, 'deptId');
    if (!found.enabled) throw badRequest(`部门 ${found.code} 已停用，不能加入用户`, 'deptId');
    dept = found;
  }
  const strangers = await repo.nonMembers(tx, who.orgId, userIds);
  if (strangers.length) throw badRequest(`用户 ${strangers.join(',')} 不属于当前公司`, 'userIds');
  const count = await repo.setUserDepartment(tx, who.orgId, deptId, userIds);
  return { count, note: { action: 'assignUsers', family: '部门', docNo: dept?.code ?? null, detail: `${dept ? '加入' : '移出部门'}: ${userIds.join(',')}` } };
}
