import type { Transaction } from 'kysely';
import type { RowScope } from '../auth/who';
import type { DB } from '../db/schema';
import type { DocumentFamily } from './define';

/**
 * The document engine's one point for approvals (domain/workflow): before an edit, a delete or a
 * state action changes rows of a family under approval, its gate may refuse (a document in
 * approval is not edited, deleted or audited by the button; a type with a flow is audited by its
 * final approval only). The gate throws to refuse; nothing has been written then.
 *
 * A family is gated when the approvals declare it (domain/workflow/declare.ts documentApproval);
 * the final approval runs the audit with `viaApproval`, which the gate lets through.
 */
export type ApprovalGate = (
  tx: Transaction<DB>,
  who: RowScope,
  action: string,
  rows: readonly { id: string; code: string }[],
) => Promise<void>;

const gates = new WeakMap<DocumentFamily, ApprovalGate>();

export function gateFamily(family: DocumentFamily, gate: ApprovalGate): void {
  gates.set(family, gate);
}

export const approvalGateOf = (family: DocumentFamily): ApprovalGate | undefined => gates.get(family);
