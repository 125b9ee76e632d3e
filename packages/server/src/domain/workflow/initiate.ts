import type { Transaction } from 'kysely';
import type { InitiateBody } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import type { RowScope } from '../../platform/auth/who';
import { AppError, badRequest } from '../../platform/http/errors';
import type { ApprovalDecl } from '../../platform/module/approval';
import { workflowEvent } from './events';
import { activateStep, finish, holdsPermission } from './instance';
import type { Registry } from './registry';
import * as repo from './repo';
import { nextRunning, stepRuns } from './rules';

/**
 * 提交审批: the document, locked, is checked as its audit would be (a draft only), then walks the
 * current version of its type's flow. Steps whose condition says so are skipped on the values it
 * has now (it cannot change while in approval); with every step skipped it is audited at once.
 */
export async function initiate(tx: Transaction<DB>, registry: Registry, who: Caller, body: InitiateBody) {
  const decl = registry.get(body.docType);
  if (!decl) throw badRequest(`参数 docType 错误: 未知的单据类型 ${body.docType}`, 'docType');
  if (decl.submittedBy) throw badRequest(`${decl.name}由「${decl.submittedBy}」提交审批`, 'docType');
  if (!(await holdsPermission(tx, who.userId, who.orgId, decl.initiatePermission))) {
    throw AppError.of('forbidden', `没有提交${decl.name}审批的权限`);
  }
  return startApproval(tx, decl, who, body.docId, body.comment ?? null);
}

/**
 * Starts the approval of one document (the submit call, or a family's own action holding a change
 * `pending` until the final approval applies it).
 */
export async function startApproval(
  tx: Transaction<DB>, decl: ApprovalDecl, who: RowScope, docId: string, comment: string | null, pending: Record<string, string | number | null> = {},
) {
  const doc = await decl.read(tx, who, docId);
  if (!doc) throw AppError.of('notFound', `${decl.name}不存在: ${docId}`, 'docId');
  const flow = await repo.currentFlow(tx, who.orgId, decl.docType);
  if (!flow || !flow.enabled) throw badRequest(`${decl.name}未启用审批流程，请直接审核`, 'docType');
  if (doc.refusal) throw badRequest(doc.refusal, 'docId');
  const running = await tx.selectFrom('wf_instance').select('id').where('org_id', '=', who.orgId)
    .where('doc_type', '=', decl.docType).where('doc_id', '=', doc.id).where('status', '=', 'running').executeTakeFirst();
  if (running) throw AppError.of('conflict', `${doc.title} 已在审批中（审批单 ${running.id}）`);

  const values = { ...doc.values, ...pending };
  const steps = flow.definition.steps;
  const runs = steps.map((s) => stepRuns(s, values));
  const inst = await tx.insertInto('wf_instance').values({
    org_id: who.orgId, doc_type: decl.docType, doc_id: doc.id, doc_no: doc.docNo, title: doc.title, flow_id: flow.id,
    status: 'running', current_step: 0, snapshot: JSON.stringify({ values, display: doc.display, pending }), initiator_id: who.userId,
  }).returningAll().executeTakeFirstOrThrow();
  const row = (await repo.instanceOf(tx, who.orgId, String(inst.id), false)) as repo.InstanceRow;
  await tx.insertInto('wf_step').values(steps.map((_, idx) => ({
    instance_id: row.id, org_id: who.orgId, idx, status: runs[idx] ? ('waiting' as const) : ('skipped' as const),
  }))).execute();
  await repo.addAction(tx, who.orgId, row.id, 'initiate', who.userId, null, comment);
  for (const [idx, run] of runs.entries()) {
    if (!run) await repo.addAction(tx, who.orgId, row.id, 'skip', null, idx, '条件不满足，跳过');
  }
  await workflowEvent(tx, { type: 'workflow.submitted', inst: row, by: who.userId, comment });
  const first = nextRunning(runs.map((r) => (r ? 'waiting' : 'skipped')), 0);
  if (first === null) await finish(tx, who, { inst: row, decl });
  else await activateStep(tx, who, { inst: row, steps }, first);
  return { id: row.id, title: row.title, docType: decl.docType, docNo: row.doc_no };
}
