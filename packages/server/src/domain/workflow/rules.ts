import type {
  FlowCondition, FlowDefinition, FlowLayout, FlowStep, InstanceStatus, StepStatus, TaskStatus, WorkflowDocField,
} from '@wb/protocol';

/**
 * The rules of approvals as pure decisions: a flow's check on save, which steps a document walks,
 * who may act on the step waiting now, and what each action (approve, reject, revoke, transfer,
 * add a signer, copy) does. No I/O: the use cases read the state, ask here, and write the answer.
 */

// ---------------------------------------------------------------- flow on save

export interface FlowProblem { field: string; message: string }

const stepWord = (i: number, s: Pick<FlowStep, 'name'>) => `第${i + 1}步「${s.name}」`;

/**
 * The steps in the order the flow walks them, or the problems refusing the flow. With a layout,
 * the order is its edges' path from the start node to the end node, which must pass every step
 * once: a cycle, a branch, a step left out or an edge to an unknown node is refused.
 */
export function checkFlow(def: FlowDefinition, layout: FlowLayout | null | undefined, fields: readonly WorkflowDocField[]): { steps: FlowStep[]; problems: FlowProblem[] } {
  const problems: FlowProblem[] = [];
  const keys = new Set<string>();
  def.steps.forEach((s, i) => {
    const at = `definition.steps.${i}`;
    if (keys.has(s.key)) problems.push({ field: `${at}.key`, message: `${stepWord(i, s)} 的编号 ${s.key} 重复` });
    keys.add(s.key);
    if (s.approvers.kind === 'users' && s.approvers.userIds.length === 0) problems.push({ field: `${at}.approvers`, message: `${stepWord(i, s)} 没有审批人` });
    for (const [j, c] of (s.condition?.conditions ?? []).entries()) {
      const problem = conditionProblem(c, fields);
      if (problem) problems.push({ field: `${at}.condition.conditions.${j}`, message: `${stepWord(i, s)} 的条件：${problem}` });
    }
  });
  const steps = layout ? orderByLayout(def.steps, layout, problems) : def.steps;
  if (steps.length && steps[0].rejectTo === 'previous') {
    problems.push({ field: 'definition.steps', message: `${stepWord(0, steps[0])} 没有上一步，驳回只能退回发起人` });
  }
  return { steps, problems };
}

const COMPARABLE = new Set(['number', 'money', 'date']);

export function conditionProblem(c: FlowCondition, fields: readonly WorkflowDocField[]): string | null {
  const field = fields.find((f) => f.key === c.field);
  if (!field || !field.condition) return `未知的字段 ${c.field}`;
  if ((c.op === '>=' || c.op === '<=') && !COMPARABLE.has(field.type)) return `字段「${field.name}」不能比较大小，请用 = 或 in`;
  if (c.op === 'in' && !Array.isArray(c.value)) return `字段「${field.name}」的 in 条件应填写一组值`;
  if (c.op !== 'in' && Array.isArray(c.value)) return `字段「${field.name}」的 ${c.op} 条件只能填写一个值`;
  if ((field.type === 'number' || field.type === 'money') && c.op !== 'in' && typeof c.value !== 'number') return `字段「${field.name}」应填写数字`;
  if (field.type === 'money' && typeof c.value === 'number' && !Number.isInteger(c.value)) return `字段「${field.name}」是金额，以分为单位填写整数`;
  return null;
}

function orderByLayout(steps: FlowStep[], layout: FlowLayout, problems: FlowProblem[]): FlowStep[] {
  const byKey = new Map(steps.map((s) => [s.key, s]));
  const nodes = new Map(layout.nodes.map((n) => [n.id, n]));
  const start = layout.nodes.filter((n) => n.type === 'start');
  const end = layout.nodes.filter((n) => n.type === 'end');
  if (start.length !== 1 || end.length !== 1) {
    problems.push({ field: 'layout.nodes', message: '流程图应有且只有一个开始节点和一个结束节点' });
    return steps;
  }
  for (const n of layout.nodes) {
    if (n.type === 'step' && !byKey.has(n.id)) problems.push({ field: 'layout.nodes', message: `流程图的节点 ${n.id} 不是流程的步骤` });
  }
  const out = new Map<string, string[]>();
  for (const e of layout.edges) {
    if (!nodes.has(e.source) || !nodes.has(e.target)) {
      problems.push({ field: 'layout.edges', message: `流程图的连线 ${e.source} → ${e.target} 连到不存在的节点` });
      return steps;
    }
    out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  }
  const ordered: FlowStep[] = [];
  const seen = new Set<string>();
  let at = start[0].id;
  for (;;) {
    const next = out.get(at) ?? [];
    if (next.length === 0) {
      problems.push({ field: 'layout.edges', message: `流程图在节点 ${at} 处中断，没有连到结束节点` });
      return steps;
    }
    if (next.length > 1) {
      problems.push({ field: 'layout.edges', message: `流程图在节点 ${at} 处分叉：步骤应依次相连` });
      return steps;
    }
    at = next[0];
    if (at === end[0].id) break;
    if (seen.has(at) || at === start[0].id) {
      problems.push({ field: 'layout.edges', message: '流程图有环：步骤不能连回之前的步骤' });
      return steps;
    }
    seen.add(at);
    const step = byKey.get(at);
    if (step) ordered.push(step);
  }
  if ((out.get(end[0].id) ?? []).length) problems.push({ field: 'layout.edges', message: '流程图有环：结束节点之后不能再连线' });
  const missing = steps.find((s) => !seen.has(s.key));
  if (missing) problems.push({ field: 'layout.nodes', message: `步骤「${missing.name}」没有连入流程图` });
  return ordered;
}

// ---------------------------------------------------------------- conditions

export type DocValues = Readonly<Record<string, string | number | null | undefined>>;

const asNumber = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const same = (a: unknown, b: unknown) => {
  const x = asNumber(a);
  const y = asNumber(b);
  return x !== null && y !== null ? x === y : String(a ?? '') === String(b ?? '');
};

/** One condition on the document's values; a value the document lacks never satisfies it. */
export function conditionHolds(c: FlowCondition, values: DocValues): boolean {
  const v = values[c.field];
  if (v === null || v === undefined || v === '') return false;
  switch (c.op) {
    case '=': return same(v, c.value);
    case 'in': return (Array.isArray(c.value) ? c.value : [c.value]).some((x) => same(v, x));
    case '>=': case '<=': {
      const x = asNumber(v);
      const y = asNumber(c.value);
      // dates compare as their text (ISO order)
      if (x === null || y === null) return c.op === '>=' ? String(v) >= String(c.value) : String(v) <= String(c.value);
      return c.op === '>=' ? x >= y : x <= y;
    }
  }
}

/** Whether a step runs for this document: skipped when its skip conditions all hold, or when its require conditions do not. */
export function stepRuns(step: Pick<FlowStep, 'condition'>, values: DocValues): boolean {
  if (!step.condition) return true;
  const all = step.condition.conditions.every((c) => conditionHolds(c, values));
  return step.condition.effect === 'skip' ? !all : all;
}

/** The first step at or after `from` that is not skipped; null: none is left (the flow is done). */
export function nextRunning(statuses: readonly StepStatus[], from: number): number | null {
  for (let i = from; i < statuses.length; i++) if (statuses[i] !== 'skipped') return i;
  return null;
}

/** The nearest step before `idx` that ran; null: there is none (a rejection goes to the initiator). */
export function previousRunning(statuses: readonly StepStatus[], idx: number): number | null {
  for (let i = idx - 1; i >= 0; i--) if (statuses[i] !== 'skipped') return i;
  return null;
}

// ---------------------------------------------------------------- who may act

export interface TaskState { id: string; userId: string; status: TaskStatus; stepIdx: number; round: number }
export interface StepState { idx: number; status: StepStatus; round: number; mode: 'any' | 'all'; rejectTo: 'initiator' | 'previous' }
export interface InstanceState {
  status: InstanceStatus;
  currentStep: number | null;
  initiatorId: string;
  steps: StepState[];
  /** every task of the instance, all rounds */
  tasks: TaskState[];
}

export type Refusal = { ok: false; status: 400 | 403 | 409; message: string };
const refuse = (status: 400 | 403 | 409, message: string): Refusal => ({ ok: false, status, message });

const STATUS_WORD: Record<InstanceStatus, string> = { running: '审批中', approved: '已通过', rejected: '已驳回', revoked: '已撤回' };

/** The open tasks of the step waiting now. */
export function openTasks(s: InstanceState): TaskState[] {
  if (s.status !== 'running' || s.currentStep === null) return [];
  const step = s.steps[s.currentStep];
  return s.tasks.filter((t) => t.stepIdx === step.idx && t.round === step.round && t.status === 'pending');
}

/** Who may act on the step waiting now: the users holding its open tasks. */
export const whoMayAct = (s: InstanceState): string[] => [...new Set(openTasks(s).map((t) => t.userId))];

/** The caller's open task on the step waiting now, or why they may not act on it. */
export function callerTask(s: InstanceState, userId: string): { ok: true; task: TaskState } | Refusal {
  if (s.status !== 'running') return refuse(409, `审批${STATUS_WORD[s.status]}，不能再处理`);
  const task = openTasks(s).find((t) => t.userId === userId);
  if (task) return { ok: true, task };
  // a task of theirs closed by someone else's decision: the step was decided meanwhile
  if (s.tasks.some((t) => t.userId === userId)) return refuse(409, '该审批已由他人处理或已流转到下一步，请刷新后查看');
  return refuse(403, '您不是当前步骤的审批人');
}

export type ApproveDecision =
  | { ok: true; task: TaskState; stepDone: boolean; cancel: string[]; next: number | null }
  | Refusal;

/**
 * An approval: 或签 (any) decides the step at once and closes the other open tasks; 会签 (all)
 * decides it when no other open task is left. A decided step hands on to the next running step,
 * or (none left: `next` null) the flow is done and the document's own audit runs.
 */
export function decideApprove(s: InstanceState, userId: string): ApproveDecision {
  const mine = callerTask(s, userId);
  if (!mine.ok) return mine;
  const step = s.steps[s.currentStep as number];
  const others = openTasks(s).filter((t) => t.id !== mine.task.id);
  const stepDone = step.mode === 'any' || others.length === 0;
  const next = stepDone ? nextRunning(s.steps.map((x) => x.status), step.idx + 1) : step.idx;
  return { ok: true, task: mine.task, stepDone, cancel: stepDone ? others.map((t) => t.id) : [], next };
}

export type RejectDecision =
  | { ok: true; task: TaskState; cancel: string[]; to: { kind: 'initiator' } | { kind: 'step'; idx: number } }
  | Refusal;

/** A rejection closes the step; as the step says, the document goes back to its initiator (draft) or the previous step runs again. */
export function decideReject(s: InstanceState, userId: string): RejectDecision {
  const mine = callerTask(s, userId);
  if (!mine.ok) return mine;
  const step = s.steps[s.currentStep as number];
  const cancel = openTasks(s).filter((t) => t.id !== mine.task.id).map((t) => t.id);
  const prev = step.rejectTo === 'previous' ? previousRunning(s.steps.map((x) => x.status), step.idx) : null;
  return { ok: true, task: mine.task, cancel, to: prev === null ? { kind: 'initiator' } : { kind: 'step', idx: prev } };
}

/** The initiator takes the document back while it is still in approval (before the last step has decided). */
export function decideRevoke(s: InstanceState, userId: string): { ok: true; cancel: string[] } | Refusal {
  if (s.initiatorId !== userId) return refuse(403, '只有发起人可以撤回');
  if (s.status !== 'running') return refuse(409, `审批${STATUS_WORD[s.status]}，不能撤回`);
  return { ok: true, cancel: s.tasks.filter((t) => t.status === 'pending').map((t) => t.id) };
}

/** 转办: the caller's open task goes to another person, who must not hold one on this step already. */
export function decideTransfer(s: InstanceState, userId: string, toUserId: string): { ok: true; task: TaskState } | Refusal {
  const mine = callerTask(s, userId);
  if (!mine.ok) return mine;
  if (toUserId === userId) return refuse(400, '不能转办给自己');
  if (openTasks(s).some((t) => t.userId === toUserId)) return refuse(400, '对方已是当前步骤的审批人');
  return { ok: true, task: mine.task };
}

/**
 * 加签: an approver of the step waiting now adds people to it. Under 会签 each must approve as
 * well; under 或签 any of them may decide it. People already holding an open task are left out.
 */
export function decideAddSigner(s: InstanceState, userId: string, userIds: readonly string[]): { ok: true; add: string[] } | Refusal {
  const mine = callerTask(s, userId);
  if (!mine.ok) return mine;
  const holding = new Set(whoMayAct(s));
  const add = [...new Set(userIds)].filter((u) => !holding.has(u));
  if (add.length === 0) return refuse(400, '所选人员已是当前步骤的审批人');
  return { ok: true, add };
}

/** Who may send copies: the initiator and anyone who holds or held a task of the instance. */
export function mayCopy(s: InstanceState, userId: string): boolean {
  return s.initiatorId === userId || s.tasks.some((t) => t.userId === userId);
}

/** What the detail offers the caller now. */
export function allowedActions(s: InstanceState, userId: string) {
  const acting = s.status === 'running' && openTasks(s).some((t) => t.userId === userId);
  return {
    approve: acting,
    reject: acting,
    revoke: s.status === 'running' && s.initiatorId === userId,
    transfer: acting,
    addSigner: acting,
    cc: mayCopy(s, userId),
  };
}

// ---------------------------------------------------------------- reminders

export interface WaitingStep { instanceId: string; stepIdx: number; activatedAt: Date; remindedAt: Date | null; limitHours: number }

/**
 * The steps to remind now: waiting longer than their limit since they were activated, or since the
 * last reminder: one reminder per limit passed, never two for the same one.
 */
export function dueReminders(steps: readonly WaitingStep[], now: Date): WaitingStep[] {
  return steps.filter((s) => {
    const since = s.remindedAt && s.remindedAt > s.activatedAt ? s.remindedAt : s.activatedAt;
    return now.getTime() - since.getTime() >= s.limitHours * 3_600_000;
  });
}
