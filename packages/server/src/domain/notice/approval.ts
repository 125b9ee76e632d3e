import Decimal from 'decimal.js';
import type { Transaction } from 'kysely';
import type { NoticeMaxLimitBody } from '@wb/protocol';
import { entryOf, writeLogs } from '../../platform/audit/log';
import type { RowScope } from '../../platform/auth/who';
import type { DB, NoticeKind } from '../../platform/db/schema';
import type { DocumentFamily } from '../../platform/documents/define';
import type { ApprovalDecl } from '../../platform/module/approval';
import { currentFlow } from '../workflow/repo';
import { refuseUnderApproval } from '../workflow/gate';
import { startApproval } from '../workflow/initiate';
import { correctMaxLimit } from './corrections';
import { NOTICE_KINDS, noticePermission } from './kinds';
import * as repo from './repo';
import { auditedOnly } from './rules';

/**
 * A notice line's raised ceiling (修改最大限量) under approval (domain/workflow): with a flow for
 * the type, a raise is not written; it is held pending in the approval, and applied by the final
 * approval through the correction's own rules (a ceiling below what is done and on the way is
 * still refused then). A lowered ceiling is written at once, as before. While a raise is pending
 * the line's ceiling is not changed again.
 */
export const maxLimitDocType = (kind: NoticeKind) => `notice_${kind}_max_limit`;
const WORD = '修改最大限量';

export function maxLimitApproval(family: DocumentFamily, kind: NoticeKind): ApprovalDecl {
  const k = NOTICE_KINDS.find((x) => x.kind === kind)!;
  return {
    docType: maxLimitDocType(kind), name: `${k.label}最大限量`, nameEn: `${k.labelEn} max limit`, menuPath: k.menuPath, base: family.base,
    initiatePermission: noticePermission(kind, 'updateMaxLimit'), submittedBy: WORD,
    fields: [
      { key: 'maxLimit', name: '原最大限量', nameEn: 'Max limit', type: 'number', condition: true },
      { key: 'newMaxLimit', name: '新最大限量', nameEn: 'New max limit', type: 'number', condition: true },
      { key: 'raise', name: '增加量', nameEn: 'Raised by', type: 'number', condition: true },
      { key: 'done', name: '已执行', nameEn: 'Done', type: 'number', condition: false },
      { key: 'inTransit', name: '在途', nameEn: 'In transit', type: 'number', condition: false },
    ],
    async read(tx, who, lineId) {
      const line = await repo.lockLine(tx, who.orgId, kind, lineId);
      if (!line) return null;
      return {
        id: lineId, docNo: `${line.noticeNo}-${line.seq}`, title: `${family.label} ${line.noticeNo} 第${line.seq}行 最大限量`,
        refusal: auditedOnly(line.status, family.label, line.noticeNo, WORD),
        values: { maxLimit: Number(line.maxLimit), done: Number(line.done), inTransit: Number(line.inTransit) },
        display: {},
      };
    },
    async approve(tx, who, lineId, pending) {
      const done = await correctMaxLimit(tx, who, family, kind, { lineId, maxLimit: String(pending.newMaxLimit) });
      await writeLogs(tx, [entryOf(who, done.note)]);
    },
  };
}

/**
 * 修改最大限量 as the notice's action runs it: a raise with an enabled flow starts its approval and
 * answers `pending`; otherwise the correction is written as always.
 */
export async function updateMaxLimit(tx: Transaction<DB>, who: RowScope, family: DocumentFamily, kind: NoticeKind, decl: ApprovalDecl, body: NoticeMaxLimitBody) {
  const line = await repo.lockLine(tx, who.orgId, kind, body.lineId);
  if (line) await refuseUnderApproval(tx, who, decl.docType, family.label, 'update', [{ id: body.lineId, code: line.noticeNo }], WORD);
  const flow = await currentFlow(tx, who.orgId, decl.docType);
  if (line && flow?.enabled && new Decimal(body.maxLimit).greaterThan(line.maxLimit)) {
    const raise = new Decimal(body.maxLimit).minus(line.maxLimit).toNumber();
    const started = await startApproval(tx, decl, who, body.lineId, null, { newMaxLimit: Number(body.maxLimit), raise });
    return {
      pending: true as const,
      reply: { pending: true, instanceId: started.id, lineId: body.lineId, maxLimit: String(line.maxLimit), newMaxLimit: String(body.maxLimit) },
      note: { action: 'noticeMaxLimitSubmit', family: family.label, docNo: line.noticeNo, detail: `${line.noticeNo} 第${line.seq}行 最大限量 ${line.maxLimit} -> ${body.maxLimit} 提交审批` },
    };
  }
  return { pending: false as const, ...(await correctMaxLimit(tx, who, family, kind, body)) };
}
