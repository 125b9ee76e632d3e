import type { Transaction } from 'kysely';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { activateStep, finish, loadInstance, refused } from './instance';
import type { Registry } from './registry';
import * as repo from './repo';
import { decideApprove } from './rules';

/**
 * 同意: the caller's open task on the step waiting now. Under 或签 it decides the step and closes
 * the other approvers' tasks (an approver arriving second is told it was decided: 409); under 会签
 * the step waits for the rest. A decided step opens the next running step, or the flow finishes
 * with the document's own audit in this transaction.
 */
export async function approve(tx: Transaction<DB>, registry: Registry, who: Caller, id: string, comment: string | null) {
  const l = await loadInstance(tx, registry, who.orgId, id, true);
  const d = decideApprove(l.state, who.userId);
  if (!d.ok) throw refused(d);
  const idx = l.inst.current_step as number;
  await repo.closeTasks(tx, [d.task.id], 'approved', comment);
  await repo.closeTasks(tx, d.cancel, 'cancelled');
  await repo.addAction(tx, who.orgId, l.inst.id, 'approve', who.userId, idx, comment);
  if (d.stepDone) {
    await repo.setStep(tx, l.inst.id, idx, 'approved');
    if (d.next === null) await finish(tx, who, l);
    else await activateStep(tx, who, l, d.next);
  }
  return { inst: l.inst, finished: d.stepDone && d.next === null };
}
