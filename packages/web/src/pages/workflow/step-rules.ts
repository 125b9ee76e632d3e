import { toDecimal, type ConditionOp, type DocFieldType, type FlowCondition, type FlowStep, type StepApprovers, type WorkflowOptions } from '@wb/protocol';

/** A new step: named by its place, approved by named users (chosen next), any one of them deciding, a rejection back to the initiator. */
export function newStep(key: string, place: number, english: boolean): FlowStep {
  return { key, name: english ? `Step ${place}` : `审批步骤${place}`, nameEn: null, approvers: { kind: 'users', userIds: [] }, mode: 'any', condition: null, rejectTo: 'initiator' };
}

export interface ApproverWords { role: string; deptHead: string; none: string }

/** Who approves, in a line: the users' names, the role's name, or the department head. */
export function approversText(approvers: StepApprovers, options: WorkflowOptions | undefined, words: ApproverWords): string {
  if (approvers.kind === 'deptHead') return words.deptHead;
  if (approvers.kind === 'role') {
    const role = options?.roles.find((r) => r.id === approvers.roleId);
    return `${words.role}: ${role?.name ?? approvers.roleId}`;
  }
  if (approvers.userIds.length === 0) return words.none;
  const names = new Map(options?.users.map((u) => [u.id, u.name]) ?? []);
  return approvers.userIds.map((id) => names.get(id) ?? id).join('、');
}

export const hasApprovers = (a: StepApprovers) => a.kind !== 'users' || a.userIds.length > 0;

export type StepProblem = { problem: 'stepName' | 'approvers'; at: string } | null;

/** What keeps the steps from being saved, the first one found: a step without a name, or without approvers. */
export function stepsProblem(steps: readonly FlowStep[]): StepProblem {
  for (const s of steps) {
    if (!s.name.trim()) return { problem: 'stepName', at: s.key };
    if (!hasApprovers(s.approvers)) return { problem: 'approvers', at: s.name };
  }
  return null;
}

/** The server compares money in cents (protocol workflow.ts flowCondition); people type yuan. */
const NUMERIC: readonly DocFieldType[] = ['number', 'money'];

function scalarOf(text: string, type: DocFieldType): string | number | null {
  const t = text.trim();
  if (!t) return null;
  if (!NUMERIC.includes(type)) return t;
  const d = toDecimal(t);
  if (!d) return null;
  return type === 'money' ? d.times(100).toDecimalPlaces(0).toNumber() : d.toNumber();
}

/** A condition's value from what was typed: several values (comma separated) for 'in', else one; null when unreadable. */
export function conditionValue(text: string, op: ConditionOp, type: DocFieldType): FlowCondition['value'] | null {
  if (op !== 'in') return scalarOf(text, type);
  const values = text.split(/[,，、]/).map((part) => scalarOf(part, type));
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values as (string | number)[];
}

/** What a condition's value shows in its input: yuan for money, the values of 'in' comma separated. */
export function conditionText(value: FlowCondition['value'] | null | undefined, type: DocFieldType): string {
  if (value === null || value === undefined) return '';
  const one = (v: string | number) => (type === 'money' && typeof v === 'number' ? (toDecimal(v)?.dividedBy(100).toString() ?? String(v)) : String(v));
  return Array.isArray(value) ? value.map(one).join(',') : one(value);
}
