import type { Transaction } from 'kysely';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { workflowEvent } from './events';
import { activateStep, loadInstance, refused } from './instance';
import { notify } from './notify';
import type { Registry } from './registry';
import * as repo from './repo';
import { decideReject } from './rules';

/**
 * 驳回 with a reason: as the step says, back to the initiator (the approval ends and the document
 * is a draft again, editable) or to the previous step that ran, whose approvers decide again.
 */
export async function reject(tx: Transaction<DB>, registry: Registry, who: Caller, id: string, comment: string) {
  const l = await loadInstance(tx, registry, who.orgId, id, true);
  const d = decideReject(l.state, who.userId);
  if (!d.ok) throw refused(d);
  const idx = l.inst.current_step as number;
  await repo.closeTasks(tx, [d.task.id], 'rejected', comment);
  await repo.closeTasks(tx, d.cancel, 'cancelled');
  await repo.addAction(tx, who.orgId, l.inst.id, 'reject', who.userId, idx, comment);
  if (d.to.kind === 'step') {
    await repo.setStep(tx, l.inst.id, idx, 'waiting');
    await activateStep(tx, who, l, d.to.idx);
  } else {
    await repo.setStep(tx, l.inst.id, idx, 'rejected');
    await repo.setInstance(tx, l.inst.id, { status: 'rejected', current_step: null, finished_at: new Date() });
    await notify(tx, l.inst, 'rejected', [l.inst.initiator_id], `审批驳回：${l.inst.title}`, `驳回原因：${comment}`);
    await workflowEvent(tx, { type: 'workflow.rejected', inst: l.inst, by: who.userId, stepIdx: idx, comment });
  }
  return { inst: l.inst, to: d.to };
}
