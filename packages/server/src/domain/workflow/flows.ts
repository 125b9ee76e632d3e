import type { Kysely, Transaction } from 'kysely';
import type { FlowDetail, FlowSaveBody, FlowSummary, FlowVersion, WorkflowDocType } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest, badRequestWith } from '../../platform/http/errors';
import type { Registry } from './registry';
import * as repo from './repo';
import { checkFlow, type FlowProblem } from './rules';

/**
 * 流程配置: the document types under approval and their flows. A save is a new version, checked
 * first (a step with no approver, a cycle of the drawing, an unknown field in a condition, an
 * approver who is not in the company: 400 naming it); documents in flight keep their version.
 */
export function docTypes(registry: Registry): WorkflowDocType[] {
  return [...registry.values()].map((d) => ({ key: d.docType, name: d.name, nameEn: d.nameEn, menuPath: d.menuPath, base: d.base, fields: d.fields }));
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function flowVersionOf(db: Kysely<DB>, row: repo.FlowRow): Promise<FlowVersion> {
  const names = await repo.userNames(db, row.created_by ? [String(row.created_by)] : []);
  const running = await db.selectFrom('wf_instance').select((e) => e.fn.countAll<string>().as('n'))
    .where('flow_id', '=', row.id).where('status', '=', 'running').executeTakeFirstOrThrow();
  return {
    id: String(row.id), docType: row.doc_type, name: row.name, version: row.version, enabled: row.enabled,
    definition: row.definition, layout: row.layout, createdAt: iso(row.created_at),
    createdBy: row.created_by ? String(row.created_by) : null, createdByName: row.created_by ? names.get(String(row.created_by)) ?? null : null,
    runningCount: Number(running.n),
  };
}

export async function flowSummaries(db: Kysely<DB>, registry: Registry, orgId: string): Promise<FlowSummary[]> {
  const current = new Map((await repo.currentFlows(db, orgId)).map((f) => [f.doc_type, f]));
  return [...registry.values()].map((d) => {
    const f = current.get(d.docType);
    return {
      docType: d.docType, docTypeName: d.name, docTypeNameEn: d.nameEn,
      current: f ? { id: String(f.id), name: f.name, version: f.version, enabled: f.enabled, stepCount: f.definition.steps.length, createdAt: iso(f.created_at) } : null,
    };
  });
}

export function declOrRefuse(registry: Registry, docType: string | undefined) {
  const decl = docType ? registry.get(docType) : undefined;
  if (!decl) throw badRequest(`参数 docType 错误: 未知的单据类型 ${docType ?? ''}`, 'docType');
  return decl;
}

export async function flowDetail(db: Kysely<DB>, registry: Registry, orgId: string, docType: string): Promise<FlowDetail> {
  const decl = declOrRefuse(registry, docType);
  const current = await repo.currentFlow(db, orgId, decl.docType);
  const versions = await repo.flowVersions(db, orgId, decl.docType);
  return {
    docType: decl.docType,
    current: current ? await flowVersionOf(db, current) : null,
    versions: versions.map((v) => ({ id: v.id, version: v.version, enabled: v.enabled, createdAt: iso(v.created_at), createdByName: v.created_by_name, runningCount: Number(v.running) })),
  };
}

export async function flowVersion(db: Kysely<DB>, orgId: string, id: string): Promise<FlowVersion> {
  const row = await repo.flowById(db, orgId, id);
  if (!row) throw AppError.of('notFound', `流程版本不存在: ${id}`, 'id');
  return flowVersionOf(db, row);
}

export async function saveFlow(tx: Transaction<DB>, registry: Registry, who: Caller, body: FlowSaveBody): Promise<FlowVersion> {
  const decl = declOrRefuse(registry, body.docType);
  const { steps, problems } = checkFlow(body.definition, body.layout, decl.fields);
  const people: FlowProblem[] = [];
  for (const [i, s] of body.definition.steps.entries()) {
    const at = `definition.steps.${i}.approvers`;
    if (s.approvers.kind === 'users' && s.approvers.userIds.length) {
      const members = await repo.usersOfOrg(tx, who.orgId, s.approvers.userIds);
      const stranger = s.approvers.userIds.find((u) => !members.includes(u));
      if (stranger) people.push({ field: at, message: `第${i + 1}步「${s.name}」的审批人 ${stranger} 不是当前公司的在用人员` });
    }
    if (s.approvers.kind === 'role') {
      const role = await tx.selectFrom('sys_role').select('id').where('id', '=', s.approvers.roleId).where('group_id', '=', who.groupId).executeTakeFirst();
      if (!role) people.push({ field: at, message: `第${i + 1}步「${s.name}」的角色 ${s.approvers.roleId} 不存在` });
    }
  }
  const all = [...problems, ...people];
  if (all.length) throw badRequestWith(all);
  const row = await repo.insertFlow(tx, who.orgId, who.userId, decl.docType, body.name, body.enabled, { steps }, body.layout ?? null);
  return flowVersionOf(tx, row);
}
