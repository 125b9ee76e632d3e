import type { Kysely } from 'kysely';
import type { InstanceDetail, InstanceSummary, TimelineEntry, WorkflowAction } from '@wb/protocol';
import type { Caller } from '../../platform/auth/guard';
import type { DB } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { holdsPermission, loadInstance, type Loaded } from './instance';
import type { Registry } from './registry';
import * as repo from './repo';
import { allowedActions } from './rules';

/**
 * One approval as the page /activti/detail/:id shows it: the document's fields as submitted, the
 * steps with their approvers, the timeline, the flow with the step waiting now, and what the
 * caller may do. Seen by the initiator, its approvers, those it was copied to and the flows'
 * administrators; opening it marks the caller's copies read.
 */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function summaryOf(l: Pick<Loaded, 'inst' | 'decl' | 'steps' | 'flow'>, initiatorName: string): InstanceSummary {
  const cur = l.inst.current_step;
  return {
    id: l.inst.id, docType: l.inst.doc_type, docTypeName: l.decl.name, docTypeNameEn: l.decl.nameEn, docId: l.inst.doc_id,
    docNo: l.inst.doc_no, title: l.inst.title, status: l.inst.status, initiator: { id: l.inst.initiator_id, name: initiatorName },
    startedAt: l.inst.started_at.toISOString(), finishedAt: iso(l.inst.finished_at),
    currentStep: cur === null ? null : { index: cur, name: l.steps[cur].name, nameEn: l.steps[cur].nameEn ?? null },
    flowVersion: l.flow.version,
  };
}

export async function instanceDetail(db: Kysely<DB>, registry: Registry, who: Caller, id: string): Promise<InstanceDetail> {
  return db.transaction().execute(async (tx) => {
    const l = await loadInstance(tx, registry, who.orgId, id, false);
    const copies = await repo.copiesOf(tx, l.inst.id);
    const involved = l.inst.initiator_id === who.userId || l.tasks.some((t) => t.user_id === who.userId) || copies.some((c) => String(c.user_id) === who.userId);
    if (!involved && !(await holdsPermission(tx, who.userId, who.orgId, 'workflow_config_view'))) {
      throw AppError.of('forbidden', '您不是该审批的发起人、审批人或抄送人');
    }
    await tx.updateTable('wf_cc').set({ read_at: new Date() }).where('instance_id', '=', l.inst.id).where('user_id', '=', who.userId).where('read_at', 'is', null).execute();
    const actions = await repo.timelineOf(tx, l.inst.id);
    const ids = [l.inst.initiator_id, ...l.tasks.flatMap((t) => [t.user_id, t.added_by ?? '']), ...actions.flatMap((a) => [a.user_id ? String(a.user_id) : '', ...a.targets.map(String)])];
    const names = await repo.userNames(tx, ids);
    const ref = (uid: string | null) => (uid ? { id: uid, name: names.get(uid) ?? uid } : null);
    const snapshot = l.inst.snapshot as { values?: Record<string, string | number | null>; display?: Record<string, string | null> };
    const timeline = actions.map((a): TimelineEntry => ({
      id: String(a.id), at: a.at.toISOString(), action: a.action as WorkflowAction, user: ref(a.user_id ? String(a.user_id) : null),
      stepIndex: a.step_idx, stepName: a.step_idx === null ? null : l.steps[a.step_idx]?.name ?? null, comment: a.comment,
      targets: a.targets.map((t) => ref(String(t)) as { id: string; name: string }),
    }));
    return {
      ...summaryOf(l, names.get(l.inst.initiator_id) ?? ''),
      document: l.decl.fields.map((f) => ({
        key: f.key, name: f.name, nameEn: f.nameEn, type: f.type, value: snapshot.values?.[f.key] ?? null, display: snapshot.display?.[f.key] ?? null,
      })),
      menuPath: l.decl.menuPath,
      steps: l.steps.map((s, idx) => {
        const row = l.stepRows[idx];
        return {
          index: idx, key: s.key, name: s.name, nameEn: s.nameEn ?? null, mode: s.mode, rejectTo: s.rejectTo, status: row.status,
          tasks: l.tasks.filter((t) => t.step_idx === idx && t.round === row.round).map((t) => ({
            id: t.id, user: ref(t.user_id) as { id: string; name: string }, status: t.status, comment: t.comment,
            decidedAt: iso(t.decided_at), addedBy: ref(t.added_by),
          })),
        };
      }),
      timeline,
      flow: { id: l.flow.id, name: l.flow.name, version: l.flow.version, definition: l.flow.definition, layout: l.flow.layout },
      can: allowedActions(l.state, who.userId),
    };
  });
}

/** A document's latest approval, for its own screen (审批中 / 已驳回 ...). */
export async function byDocument(db: Kysely<DB>, registry: Registry, who: Caller, docType: string, docId: string): Promise<{ instance: InstanceSummary | null }> {
  const row = await db.selectFrom('wf_instance').select('id').where('org_id', '=', who.orgId).where('doc_type', '=', docType)
    .where('doc_id', '=', docId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return { instance: null };
  const l = await loadInstance(db, registry, who.orgId, String(row.id), false);
  const names = await repo.userNames(db, [l.inst.initiator_id]);
  return { instance: summaryOf(l, names.get(l.inst.initiator_id) ?? '') };
}
