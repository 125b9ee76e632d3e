import type { Transaction } from 'kysely';
import type { TransferBody } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { loadInstance, refused, stepLabel } from './instance';
import { notify } from './notify';
import type { Registry } from './registry';
import * as repo from './repo';
import { decideTransfer } from './rules';

/** 转办: the caller's open task goes to another member of the company, who decides in their place. */
export async function transfer(tx: Transaction<DB>, registry: Registry, who: Caller, id: string, body: TransferBody) {
  const l = await loadInstance(tx, registry, who.orgId, id, true);
  const d = decideTransfer(l.state, who.userId, body.userId);
  if (!d.ok) throw refused(d);
  if ((await repo.usersOfOrg(tx, who.orgId, [body.userId])).length === 0) throw badRequest('参数 userId 错误: 转办对象不是当前公司的在用人员', 'userId');
  const idx = l.inst.current_step as number;
  await repo.closeTasks(tx, [d.task.id], 'transferred', body.comment ?? null);
  await repo.addTasks(tx, who.orgId, l.inst.id, idx, d.task.round, [body.userId], who.userId);
  await repo.addAction(tx, who.orgId, l.inst.id, 'transfer', who.userId, idx, body.comment ?? null, [body.userId]);
  await notify(tx, l.inst, 'transferred', [body.userId], `转办待审批：${l.inst.title}`, `${who.realName} 将${stepLabel(l.steps, idx)}转给您审批`);
  return { inst: l.inst };
}
