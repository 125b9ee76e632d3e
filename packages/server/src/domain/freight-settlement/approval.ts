import { writeLogs, entryOf } from '../../platform/audit/log';
import type { ApprovalDecl } from '../../platform/module/approval';
import { refuseUnderApproval } from '../workflow/gate';
import { FS_BASE, FS_LABEL, FS_LABEL_EN, FS_MENU, fsPermission } from './kinds';
import { decideFs } from './lifecycle';
import { examineSettlements, facts } from './operating';
import * as repo from './repo';

/**
 * A freight settlement under approval (domain/workflow), as the goods settlements are: submitted as a
 * draft with its tickets, examined (审核) by its final approval through its own lifecycle. While in
 * approval, the calls that would change it refuse (module.ts asks `freightSettlementGate` first);
 * with an enabled flow, the 审核 button refuses for every draft.
 */
export const FS_DOC_TYPE = 'settlement_freight';

/** The settlement's calls and what each counts as for the gate. */
const GATED: Record<string, { action: string; word: string }> = {
  audit: { action: 'audit', word: '审核' },
  deletes: { action: 'delete', word: '删除' },
  // an empty draft filled again with tickets
  newCreate: { action: 'update', word: '修改' },
};

export function freightSettlementGate(tx: repo.Tx, who: { orgId: string }, call: keyof typeof GATED, ids: readonly string[]): Promise<void> {
  const g = GATED[call];
  return refuseUnderApproval(tx, who, FS_DOC_TYPE, FS_LABEL, g.action, ids.map((id) => ({ id, code: id })), g.word);
}

export const freightSettlementApproval: ApprovalDecl = {
  docType: FS_DOC_TYPE, name: FS_LABEL, nameEn: FS_LABEL_EN, menuPath: FS_MENU, base: FS_BASE, initiatePermission: fsPermission('submitApproval'),
  fields: [
    { key: 'carrierId', name: '承运商', nameEn: 'Carrier', type: 'id', condition: true },
    { key: 'kind', name: '业务类型', nameEn: 'Business', type: 'text', condition: true },
    { key: 'totalAmount', name: '应付运费', nameEn: 'Payable', type: 'money', condition: true },
    { key: 'ticketCount', name: '磅单数', nameEn: 'Tickets', type: 'number', condition: true },
  ],
  async read(tx, who, id) {
    const h = await repo.lockHeader(tx, who.orgId, id);
    if (!h) return null;
    const d = decideFs(facts(h), 'audit');
    return {
      id: h.id, docNo: h.settleNo, title: `${FS_LABEL} ${h.settleNo}`, refusal: d.ok ? null : d.message,
      values: { carrierId: h.carrierId, kind: h.kind, totalAmount: Math.round(Number(h.totalAmount) * 100), ticketCount: h.ticketCount },
      display: { totalAmount: h.totalAmount },
    };
  },
  async approve(tx, who, id) {
    const notes = await examineSettlements(tx, who, [id]);
    await writeLogs(tx, notes.map((n) => entryOf(who, n)));
  },
};
