import { sql, type Kysely, type Transaction } from 'kysely';
import type { FlowStep } from '@wb/protocol';
import type { RowScope } from '../../platform/auth/who';
import type { DB } from '../../platform/db/schema';
import { AppError, badRequest } from '../../platform/http/errors';
import type { ApprovalDecl } from '../../platform/module/approval';
import { workflowEvent } from './events';
import { notify } from './notify';
import type { Registry } from './registry';
import * as repo from './repo';
import type { InstanceState, Refusal } from './rules';

/**
 * What every action on an instance shares: the instance read (and locked: actions on one instance
 * take turns, so two approvers of an any-one step cannot both decide it), the state the rules
 * decide on, and the moves: activate a step, finish the flow (the document's own audit).
 */
type Tx = Transaction<DB>;
type Runner = Kysely<DB>;

export interface Loaded {
  inst: repo.InstanceRow;
  flow: repo.FlowRow;
  /** the flow's steps in their order (the version the instance started on) */
  steps: FlowStep[];
  stepRows: repo.StepRow[];
  tasks: repo.TaskRow[];
  state: InstanceState;
  decl: ApprovalDecl;
}

export async function loadInstance(tx: Runner, registry: Registry, orgId: string, id: string, lock: boolean): Promise<Loaded> {
  const inst = await repo.instanceOf(tx, orgId, id, lock);
  if (!inst) throw AppError.of('notFound', `审批单不存在: ${id}`, 'id');
  const flow = await repo.flowById(tx, orgId, inst.flow_id);
  const decl = registry.get(inst.doc_type);
  if (!flow || !decl) throw AppError.of('notFound', `审批单 ${id} 的单据类型 ${inst.doc_type} 已不再审批`, 'id');
  const steps = flow.definition.steps;
  const stepRows = await repo.stepsOf(tx, inst.id);
  const tasks = await repo.tasksOf(tx, inst.id);
  const state: InstanceState = {
    status: inst.status,
    currentStep: inst.current_step,
    initiatorId: inst.initiator_id,
    steps: stepRows.map((r) => ({ idx: r.idx, status: r.status, round: r.round, mode: steps[r.idx].mode, rejectTo: steps[r.idx].rejectTo })),
    tasks: tasks.map((t) => ({ id: t.id, userId: t.user_id, status: t.status, stepIdx: t.step_idx, round: t.round })),
  };
  return { inst, flow, steps, stepRows, tasks, state, decl };
}

/** A refusal of the rules as the error the caller is answered. */
export function refused(r: Refusal): AppError {
  return r.status === 409 ? AppError.of('conflict', r.message) : r.status === 403 ? AppError.of('forbidden', r.message) : badRequest(r.message);
}

export const stepLabel = (steps: FlowStep[], idx: number) => `第${idx + 1}步「${steps[idx].name}」`;

/** Opens a step: its approvers get a task each (a new round when it runs again) and are told. */
export async function activateStep(tx: Tx, who: RowScope, l: Pick<Loaded, 'inst' | 'steps'>, idx: number): Promise<string[]> {
  const step = l.steps[idx];
  const approvers = await repo.resolveApprovers(tx, l.inst.org_id, l.inst.initiator_id, step.approvers);
  if (approvers.length === 0) throw badRequest(`${stepLabel(l.steps, idx)} 没有可用的审批人，请联系管理员检查流程配置`);
  const round = await repo.setStep(tx, l.inst.id, idx, 'active', true);
  await repo.addTasks(tx, l.inst.org_id, l.inst.id, idx, round, approvers, null);
  await repo.setInstance(tx, l.inst.id, { current_step: idx });
  await notify(tx, l.inst, 'task', approvers, `待审批：${l.inst.title}`, `${stepLabel(l.steps, idx)} 等待您审批`);
  await workflowEvent(tx, { type: 'workflow.task', inst: l.inst, by: who.userId, stepIdx: idx, users: approvers });
  return approvers;
}

/**
 * The flow is done: the document's own audit runs in this transaction (its rules still decide:
 * a refusal rolls the approval back with their message), then the instance is approved.
 */
export async function finish(tx: Tx, who: RowScope, l: Pick<Loaded, 'inst' | 'decl'>): Promise<void> {
  const pending = (l.inst.snapshot as { pending?: Record<string, string | number | null> }).pending ?? {};
  await l.decl.approve(tx, who, l.inst.doc_id, pending);
  await repo.setInstance(tx, l.inst.id, { status: 'approved', current_step: null, finished_at: new Date() });
  await repo.addAction(tx, l.inst.org_id, l.inst.id, 'finish', who.userId, null, null);
  await notify(tx, l.inst, 'approved', [l.inst.initiator_id], `审批通过：${l.inst.title}`, `${l.inst.title} 已审批通过并审核`);
  await workflowEvent(tx, { type: 'workflow.approved', inst: l.inst, by: who.userId });
}

/** Whether a user holds a permission key in a company (the initiator's right to submit a type). */
export async function holdsPermission(tx: Tx, userId: string, orgId: string, permission: string): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    SELECT EXISTS (SELECT 1 FROM sys_user_org_role r
      JOIN sys_role ro ON ro.id = r.role_id AND ro.enabled
      JOIN sys_role_menu rm ON rm.role_id = r.role_id
      JOIN sys_menu mn ON mn.id = rm.menu_id
     WHERE r.user_id = ${userId} AND r.org_id = ${orgId} AND mn.permission = ${permission}) AS ok`.execute(tx);
  return rows[0]?.ok ?? false;
}
