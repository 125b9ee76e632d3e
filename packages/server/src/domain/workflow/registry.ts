import type { FamilyModule } from '../../platform/module/define';
import type { ApprovalDecl } from '../../platform/module/approval';

/** The document types under approval: every module's `approvals`, by type key, in the modules' order. */
export type Registry = ReadonlyMap<string, ApprovalDecl>;

export function registryOf(modules: readonly FamilyModule[]): Registry {
  return new Map(modules.flatMap((m) => (m.approvals ?? []).map((a) => [a.docType, a] as const)));
}
