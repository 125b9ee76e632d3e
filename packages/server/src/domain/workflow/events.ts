import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { InstanceRow } from './repo';

/**
 * What other systems may subscribe to: every approval event, raised inside the transaction that
 * made it (a rolled-back approval raises nothing).
 *
 *   workflow.submitted  a document was submitted       workflow.task      a step waits for `users`
 *   workflow.approved   the flow finished, audited     workflow.rejected  back to the initiator (draft)
 *   workflow.revoked    the initiator took it back
 *
 * The one point where events leave: the events and webhooks of the platform (platform/events,
 * `emitEvent`) are called here.
 */
export type WorkflowEventType = 'workflow.submitted' | 'workflow.task' | 'workflow.approved' | 'workflow.rejected' | 'workflow.revoked';

export interface WorkflowEvent {
  type: WorkflowEventType;
  inst: Pick<InstanceRow, 'id' | 'org_id' | 'doc_type' | 'doc_id' | 'doc_no' | 'title'>;
  /** who caused it */
  by: string | null;
  stepIdx?: number;
  users?: string[];
  comment?: string | null;
}

/** The payload other systems receive. */
export function eventPayload(e: WorkflowEvent) {
  return {
    instanceId: e.inst.id, docType: e.inst.doc_type, docId: e.inst.doc_id, docNo: e.inst.doc_no, title: e.inst.title,
    by: e.by, stepIndex: e.stepIdx ?? null, users: e.users ?? [], comment: e.comment ?? null,
  };
}

export async function workflowEvent(_tx: Transaction<DB>, _event: WorkflowEvent): Promise<void> {
  // merge point for the platform's events (platform/events/emit.ts, its catalogue naming the five
  // workflow.* types with eventPayload's shape):
  // await emitEvent(_tx, { orgId: _event.inst.org_id, type: _event.type, key: _event.inst.doc_no ?? _event.inst.id, payload: eventPayload(_event), userId: _event.by });
}
