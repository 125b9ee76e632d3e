import type { Transaction } from 'kysely';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { workflowEvent } from './events';
import { loadInstance, refused } from './instance';
import { notify } from './notify';
import type { Registry } from './registry';
import * as repo from './repo';
import { decideRevoke } from './rules';

/** 撤回: the initiator takes the document back before the flow has finished; it is a draft again. */
export async function revoke(tx: Transaction<DB>, registry: Registry, who: Caller, id: string, comment: string | null) {
  const l = await loadInstance(tx, registry, who.orgId, id, true);
  const d = decideRevoke(l.state, who.userId);
  if (!d.ok) throw refused(d);
  const waiting = l.tasks.filter((t) => d.cancel.includes(t.id)).map((t) => t.user_id);
  await repo.closeTasks(tx, d.cancel, 'cancelled');
  if (l.inst.current_step !== null) await repo.setStep(tx, l.inst.id, l.inst.current_step, 'waiting');
  await repo.setInstance(tx, l.inst.id, { status: 'revoked', current_step: null, finished_at: new Date() });
  await repo.addAction(tx, who.orgId, l.inst.id, 'revoke', who.userId, l.inst.current_step, comment);
  await notify(tx, l.inst, 'revoked', waiting, `审批撤回：${l.inst.title}`, `${who.realName} 撤回了 ${l.inst.title}`);
  await workflowEvent(tx, { type: 'workflow.revoked', inst: l.inst, by: who.userId, comment });
  return { inst: l.inst };
}
