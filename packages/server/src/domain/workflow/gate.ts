import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { RowScope } from '../../platform/auth/who';
import { ACTION_WORDS } from '../../platform/documents/lifecycle';
import { badRequest } from '../../platform/http/errors';
import { currentFlow } from './repo';

/**
 * What a document under approval refuses (the engine asks before an edit, a delete or a state
 * action; a family outside the engine asks the same before its own): while an approval of it
 * runs, every change; and while its type has an enabled flow, the audit button (the final
 * approval audits it).
 */
export async function refuseUnderApproval(
  tx: Kysely<DB>, who: Pick<RowScope, 'orgId'>, docType: string, label: string, action: string,
  rows: readonly { id: string; code: string }[], actionWord?: string,
): Promise<void> {
  if (rows.length === 0) return;
  const running = await tx.selectFrom('wf_instance').select(['id', 'doc_id', 'doc_no'])
    .where('org_id', '=', who.orgId).where('doc_type', '=', docType).where('status', '=', 'running')
    .where('doc_id', 'in', rows.map((r) => r.id)).executeTakeFirst();
  const word = actionWord ?? ACTION_WORDS[action] ?? action;
  if (running) {
    const row = rows.find((r) => r.id === String(running.doc_id));
    throw badRequest(`${label} ${running.doc_no ?? row?.code ?? running.doc_id} 正在审批中（审批单 ${running.id}），不能${word}；如需修改请先撤回审批`, 'ids');
  }
  if (action === 'audit') {
    const flow = await currentFlow(tx, who.orgId, docType);
    if (flow?.enabled) throw badRequest(`${label} ${rows[0].code} 已启用审批流程「${flow.name}」，请提交审批，审批通过后自动审核`, 'ids');
  }
}
