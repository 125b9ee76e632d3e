import { entryOf, writeLogs } from '../../platform/audit/log';
import { gateFamily } from '../../platform/documents/approval-gate';
import type { ApprovalDecl } from '../../platform/module/approval';
import { refuseUnderApproval } from '../workflow/gate';
import { SETTLEMENT_FAMILIES } from './family';
import { factsOf } from './header';
import { settleBase, settleName, settlePermission, SETTLE_KINDS, type SettleKind } from './kinds';
import { examine } from './lifecycle';
import * as repo from './repo';
import { decideExamine } from './rules';

/**
 * A goods settlement under approval (domain/workflow): submitted while a draft with its pound list
 * confirmed, examined (审核) by its final approval through its own rules. While in approval its
 * examine, delete, pound list and adjustments are refused (module.ts asks `settlementGate`), and
 * so is its header's edit on the engine.
 */
export const settlementDocType = (kind: SettleKind) => `settlement_${kind}`;

/** What the settlement's own actions ask first: examine by the button counts as the audit. */
export const SETTLEMENT_GATED: Record<string, { action: string; word: string }> = {
  examine: { action: 'audit', word: '审核' },
  delete: { action: 'delete', word: '删除' },
  confirmPounds: { action: 'update', word: '确认磅单' },
  adjust: { action: 'update', word: '调整' },
};

export function settlementApproval(kind: SettleKind): ApprovalDecl {
  const k = SETTLE_KINDS[kind];
  const docType = settlementDocType(kind);
  gateFamily(SETTLEMENT_FAMILIES[kind], (tx, who, action, rows) => refuseUnderApproval(tx, who, docType, k.label, action, rows));
  return {
    docType, name: k.label, nameEn: k.en, menuPath: k.menuPath, base: settleBase(kind), initiatePermission: settlePermission(kind, 'submitApproval'),
    fields: [
      { key: 'partyId', name: k.partyLabel, nameEn: k.partyLabelEn, type: 'id', condition: true },
      { key: 'materialId', name: '物料', nameEn: 'Material', type: 'id', condition: true },
      { key: 'totalAmount', name: '结算金额', nameEn: 'Amount', type: 'money', condition: true },
      { key: 'ticketCount', name: '磅单数', nameEn: 'Tickets', type: 'number', condition: true },
      { key: 'periodFrom', name: '开始时间', nameEn: 'From', type: 'date', condition: true },
      { key: 'periodTo', name: '结束时间', nameEn: 'To', type: 'date', condition: true },
    ],
    async read(tx, who, id) {
      const s = await repo.lockSettlement(tx, who.orgId, kind, id);
      if (!s) return null;
      return {
        id: s.id, docNo: s.settleNo, title: settleName(kind, s.settleNo), refusal: decideExamine(factsOf(s)),
        values: {
          partyId: s.partyId, materialId: s.materialId, totalAmount: Math.round(Number(s.totalAmount) * 100), ticketCount: s.ticketCount,
          periodFrom: s.periodFrom.toISOString(), periodTo: s.periodTo.toISOString(),
        },
        display: { totalAmount: s.totalAmount },
      };
    },
    async approve(tx, who, id) {
      const done = await examine(tx, who, kind, id);
      await writeLogs(tx, [entryOf(who, done.note)]);
    },
  };
}
