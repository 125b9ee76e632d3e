import { describe, expect, it } from 'vitest';
import type { FlowCondition, FlowStep, WorkflowDocField } from '@wb/protocol';
import {
  allowedActions, checkFlow, conditionHolds, decideAddSigner, decideApprove, decideReject, decideRevoke, decideTransfer,
  dueReminders, type InstanceState, mayCopy, nextRunning, previousRunning, stepRuns, type TaskState, whoMayAct,
} from './rules';

/** The approvals' rules as tables: no database. */
const FIELDS: WorkflowDocField[] = [
  { key: 'amount', name: '金额', nameEn: 'Amount', type: 'money', condition: true },
  { key: 'qty', name: '数量', nameEn: 'Quantity', type: 'number', condition: true },
  { key: 'classId', name: '物料分类', nameEn: 'Class', type: 'id', condition: true },
  { key: 'reason', name: '原因', nameEn: 'Reason', type: 'text', condition: true },
  { key: 'no', name: '单号', nameEn: 'No.', type: 'text', condition: false },
];
const step = (key: string, extra: Partial<FlowStep> = {}): FlowStep => ({ key, name: key.toUpperCase(), approvers: { kind: 'deptHead' }, mode: 'any', rejectTo: 'initiator', ...extra });

describe('a flow on save', () => {
  const problems = (steps: FlowStep[], layout?: Parameters<typeof checkFlow>[1]) => checkFlow({ steps }, layout, FIELDS).problems.map((p) => p.message);
  it.each([
    ['a step with no approver', [step('a', { approvers: { kind: 'users', userIds: [] } })], /没有审批人/],
    ['two steps with one key', [step('a'), step('a')], /编号 a 重复/],
    ['an unknown field', [step('a', { condition: { effect: 'skip', conditions: [{ field: 'x', op: '=', value: 1 }] } })], /未知的字段 x/],
    ['a field conditions may not test', [step('a', { condition: { effect: 'skip', conditions: [{ field: 'no', op: '=', value: '1' }] } })], /未知的字段 no/],
    ['>= on text', [step('a', { condition: { effect: 'skip', conditions: [{ field: 'reason', op: '>=', value: 'a' }] } })], /不能比较大小/],
    ['in with one value', [step('a', { condition: { effect: 'skip', conditions: [{ field: 'classId', op: 'in', value: '1' }] } })], /应填写一组值/],
    ['= with a list', [step('a', { condition: { effect: 'skip', conditions: [{ field: 'classId', op: '=', value: ['1'] }] } })], /只能填写一个值/],
    ['money not in whole cents', [step('a', { condition: { effect: 'skip', conditions: [{ field: 'amount', op: '>=', value: 10.5 }] } })], /以分为单位/],
    ['a number as text', [step('a', { condition: { effect: 'skip', conditions: [{ field: 'qty', op: '>=', value: '10' }] } })], /应填写数字/],
    ['the first step rejecting to a previous one', [step('a', { rejectTo: 'previous' })], /没有上一步/],
  ] as const)('refuses %s', (_, steps, message) => {
    expect(problems([...steps] as FlowStep[]).join('\n')).toMatch(message);
  });

  it('accepts a good flow as it is', () => {
    expect(problems([step('a'), step('b', { rejectTo: 'previous', mode: 'all', condition: { effect: 'require', conditions: [{ field: 'amount', op: '>=', value: 100_000 }] } })])).toEqual([]);
  });

  const nodes = [{ id: 's', type: 'start' as const, x: 0, y: 0 }, { id: 'a', type: 'step' as const, x: 1, y: 0 }, { id: 'b', type: 'step' as const, x: 2, y: 0 }, { id: 'e', type: 'end' as const, x: 3, y: 0 }];
  const edges = (...pairs: [string, string][]) => pairs.map(([source, target]) => ({ source, target }));
  it.each([
    ['a cycle', edges(['s', 'a'], ['a', 'b'], ['b', 'a']), /有环/],
    ['a branch', edges(['s', 'a'], ['a', 'b'], ['a', 'e'], ['b', 'e']), /分叉/],
    ['a break', edges(['s', 'a']), /中断/],
    ['a step left out', edges(['s', 'a'], ['a', 'e']), /步骤「B」没有连入流程图/],
    ['an edge to nowhere', edges(['s', 'z']), /不存在的节点/],
  ] as const)('refuses a drawing with %s', (_, e, message) => {
    expect(problems([step('a'), step('b')], { nodes, edges: [...e] }).join('\n')).toMatch(message);
  });

  it('takes the order of the steps from the drawing', () => {
    const { steps, problems: p } = checkFlow({ steps: [step('b'), step('a')] }, { nodes, edges: edges(['s', 'a'], ['a', 'b'], ['b', 'e']) }, FIELDS);
    expect(p).toEqual([]);
    expect(steps.map((s) => s.key)).toEqual(['a', 'b']);
  });
});

describe('conditions', () => {
  const c = (field: string, op: FlowCondition['op'], value: FlowCondition['value']): FlowCondition => ({ field, op, value });
  it.each([
    [c('amount', '>=', 100_000), { amount: 100_000 }, true],
    [c('amount', '>=', 100_000), { amount: 99_999 }, false],
    [c('amount', '<=', 100), { amount: '99' }, true],
    [c('classId', '=', '12'), { classId: '12' }, true],
    [c('classId', '=', 12), { classId: '12' }, true],
    [c('classId', 'in', ['3', '4']), { classId: '4' }, true],
    [c('classId', 'in', ['3', '4']), { classId: '5' }, false],
    [c('amount', '>=', 0), { amount: null }, false],
    [c('amount', '>=', 0), {}, false],
    [c('day', '>=', '2026-06-01'), { day: '2026-07-01T00:00:00.000Z' }, true],
  ] as const)('%j on %j holds: %s', (cond, values, holds) => {
    expect(conditionHolds(cond, values)).toBe(holds);
  });

  it('skips a step when its skip conditions all hold, runs a require step only when they do', () => {
    const skipSmall = { condition: { effect: 'skip' as const, conditions: [c('amount', '<=', 1000)] } };
    const bigOnly = { condition: { effect: 'require' as const, conditions: [c('amount', '>=', 100_000)] } };
    expect(stepRuns(skipSmall, { amount: 500 })).toBe(false);
    expect(stepRuns(skipSmall, { amount: 5000 })).toBe(true);
    expect(stepRuns(bigOnly, { amount: 500 })).toBe(false);
    expect(stepRuns(bigOnly, { amount: 200_000 })).toBe(true);
    expect(stepRuns({ condition: null }, {})).toBe(true);
  });

  it('finds the next and the previous step that runs', () => {
    expect(nextRunning(['skipped', 'waiting', 'waiting'], 0)).toBe(1);
    expect(nextRunning(['waiting', 'skipped'], 1)).toBe(null);
    expect(previousRunning(['waiting', 'skipped', 'active'], 2)).toBe(0);
    expect(previousRunning(['skipped', 'active'], 1)).toBe(null);
  });
});

/** An instance waiting on step `cur` with the open tasks given. */
function state(o: { cur?: number; mode?: 'any' | 'all'; rejectTo?: 'initiator' | 'previous'; tasks?: Partial<TaskState>[]; status?: InstanceState['status']; statuses?: InstanceState['steps'][number]['status'][] }): InstanceState {
  const statuses = o.statuses ?? ['approved', 'active', 'waiting'];
  const cur = o.cur ?? 1;
  return {
    status: o.status ?? 'running',
    currentStep: (o.status ?? 'running') === 'running' ? cur : null,
    initiatorId: 'ini',
    steps: statuses.map((status, idx) => ({ idx, status, round: 1, mode: idx === cur ? o.mode ?? 'any' : 'any', rejectTo: idx === cur ? o.rejectTo ?? 'initiator' : 'initiator' })),
    tasks: (o.tasks ?? [{ userId: 'u1' }, { userId: 'u2' }]).map((t, i) => ({ id: `t${i}`, userId: 'u?', status: 'pending', stepIdx: cur, round: 1, ...t })),
  };
}

describe('who may act on the step waiting now', () => {
  it('is the holders of its open tasks, of this round only', () => {
    const s = state({ tasks: [{ userId: 'u1' }, { userId: 'u2', status: 'approved' }, { userId: 'u3', round: 0 }, { userId: 'u4', stepIdx: 0 }] });
    expect(whoMayAct(s)).toEqual(['u1']);
    expect(whoMayAct(state({ status: 'approved' }))).toEqual([]);
  });

  it.each([
    ['an approver of any-one', state({}), 'u1', { ok: true, stepDone: true, next: 2 }],
    ['the last step decided', state({ statuses: ['approved', 'active'] }), 'u1', { ok: true, stepDone: true, next: null }],
    ['a later step skipped', state({ statuses: ['approved', 'active', 'skipped'] }), 'u1', { ok: true, stepDone: true, next: null }],
    ['one of all-must with another open', state({ mode: 'all' }), 'u1', { ok: true, stepDone: false, next: 1 }],
    ['the last of all-must', state({ mode: 'all', tasks: [{ userId: 'u1' }, { userId: 'u2', status: 'approved' }] }), 'u1', { ok: true, stepDone: true, next: 2 }],
    ['someone with no task', state({}), 'x', { ok: false, status: 403 }],
    ['an approver whose task was closed by the other', state({ tasks: [{ userId: 'u1', status: 'approved' }, { userId: 'u2', status: 'cancelled' }] }), 'u2', { ok: false, status: 409 }],
    ['anyone once the flow ended', state({ status: 'revoked' }), 'u1', { ok: false, status: 409 }],
  ] as const)('approve: %s', (_, s, user, answer) => {
    expect(decideApprove(s, user)).toMatchObject(answer);
  });

  it('closes the other open tasks of an any-one step only', () => {
    expect(decideApprove(state({}), 'u1')).toMatchObject({ cancel: ['t1'] });
    expect(decideApprove(state({ mode: 'all' }), 'u1')).toMatchObject({ cancel: [] });
  });

  it.each([
    ['to the initiator', state({ rejectTo: 'initiator' }), { kind: 'initiator' }],
    ['to the previous step', state({ rejectTo: 'previous' }), { kind: 'step', idx: 0 }],
    ['past a skipped step to the one before', state({ cur: 2, rejectTo: 'previous', statuses: ['approved', 'skipped', 'active'] }), { kind: 'step', idx: 0 }],
    ['to the initiator when no step ran before', state({ cur: 1, rejectTo: 'previous', statuses: ['skipped', 'active'] }), { kind: 'initiator' }],
  ] as const)('reject: %s', (_, s, to) => {
    expect(decideReject(s, 'u1')).toMatchObject({ ok: true, to, cancel: ['t1'] });
  });

  it('revoke: the initiator only, while running', () => {
    expect(decideRevoke(state({}), 'ini')).toMatchObject({ ok: true, cancel: ['t0', 't1'] });
    expect(decideRevoke(state({}), 'u1')).toMatchObject({ ok: false, status: 403 });
    expect(decideRevoke(state({ status: 'approved' }), 'ini')).toMatchObject({ ok: false, status: 409 });
  });

  it('transfer: to someone else not already approving the step', () => {
    expect(decideTransfer(state({}), 'u1', 'u9')).toMatchObject({ ok: true, task: { id: 't0' } });
    expect(decideTransfer(state({}), 'u1', 'u1')).toMatchObject({ ok: false, status: 400 });
    expect(decideTransfer(state({}), 'u1', 'u2')).toMatchObject({ ok: false, status: 400 });
    expect(decideTransfer(state({}), 'x', 'u9')).toMatchObject({ ok: false, status: 403 });
  });

  it('add a signer: by an approver, leaving out who approves already', () => {
    expect(decideAddSigner(state({}), 'u1', ['u2', 'u3', 'u3'])).toEqual({ ok: true, add: ['u3'] });
    expect(decideAddSigner(state({}), 'u1', ['u2'])).toMatchObject({ ok: false, status: 400 });
    expect(decideAddSigner(state({}), 'ini', ['u3'])).toMatchObject({ ok: false, status: 403 });
  });

  it('copy: the initiator and anyone who held a task', () => {
    expect(mayCopy(state({}), 'ini')).toBe(true);
    expect(mayCopy(state({ tasks: [{ userId: 'u1', status: 'cancelled' }] }), 'u1')).toBe(true);
    expect(mayCopy(state({}), 'x')).toBe(false);
  });

  it('offers the caller what they may do now', () => {
    expect(allowedActions(state({}), 'u1')).toEqual({ approve: true, reject: true, revoke: false, transfer: true, addSigner: true, cc: true });
    expect(allowedActions(state({}), 'ini')).toEqual({ approve: false, reject: false, revoke: true, transfer: false, addSigner: false, cc: true });
    expect(allowedActions(state({ status: 'approved' }), 'ini')).toMatchObject({ revoke: false });
  });
});

describe('reminders', () => {
  const t0 = new Date('2026-11-28T00:00:00Z');
  const h = (n: number) => new Date(t0.getTime() + n * 3_600_000);
  it.each([
    ['not yet due', { remindedAt: null }, h(1), false],
    ['due at its limit', { remindedAt: null }, h(2), true],
    ['reminded already for this limit', { remindedAt: h(2) }, h(3), false],
    ['due again one limit after the reminder', { remindedAt: h(2) }, h(4), true],
  ] as const)('%s', (_, o, now, due) => {
    const step = { instanceId: '1', stepIdx: 0, activatedAt: t0, limitHours: 2, ...o };
    expect(dueReminders([step], now).length).toBe(due ? 1 : 0);
  });
});
