import type { Transaction } from 'kysely';
import type { AddSignerBody } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { badRequest } from '../../platform/http/errors';
import { loadInstance, refused, stepLabel } from './instance';
import { notify } from './notify';
import type { Registry } from './registry';
import * as repo from './repo';
import { decideAddSigner } from './rules';

/** 加签: an approver of the step waiting now adds members of the company to it (会签: each must approve too). */
export async function addSigner(tx: Transaction<DB>, registry: Registry, who: Caller, id: string, body: AddSignerBody) {
  const l = await loadInstance(tx, registry, who.orgId, id, true);
  const d = decideAddSigner(l.state, who.userId, body.userIds);
  if (!d.ok) throw refused(d);
  const members = await repo.usersOfOrg(tx, who.orgId, d.add);
  const stranger = d.add.find((u) => !members.includes(u));
  if (stranger) throw badRequest(`参数 userIds 错误: ${stranger} 不是当前公司的在用人员`, 'userIds');
  const idx = l.inst.current_step as number;
  const round = l.state.steps[idx].round;
  await repo.addTasks(tx, who.orgId, l.inst.id, idx, round, d.add, who.userId);
  await repo.addAction(tx, who.orgId, l.inst.id, 'addSigner', who.userId, idx, body.comment ?? null, d.add);
  await notify(tx, l.inst, 'task', d.add, `加签待审批：${l.inst.title}`, `${who.realName} 请您参与${stepLabel(l.steps, idx)}的审批`);
  return { inst: l.inst, added: d.add };
}
