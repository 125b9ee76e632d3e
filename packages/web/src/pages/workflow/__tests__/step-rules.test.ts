import { describe, expect, it } from 'vitest';
import type { FlowStep, WorkflowOptions } from '@wb/protocol';
import { approversText, conditionText, conditionValue, newStep, stepsProblem } from '../step-rules';

const options: WorkflowOptions = {
  users: [{ id: '1', name: '销售经理', username: 'sales_manager' }, { id: '2', name: '总经理', username: 'general_manager' }],
  roles: [{ id: '9', name: '会计', code: 'ROLE_ACCOUNTANT' }],
};
const words = { role: '角色', deptHead: '发起人部门负责人', none: '未选择审批人' };

describe('a step of the flow editor', () => {
  it('says who approves: the users by name, the role, or the department head', () => {
    expect(approversText({ kind: 'users', userIds: ['1', '2'] }, options, words)).toBe('销售经理、总经理');
    expect(approversText({ kind: 'users', userIds: [] }, options, words)).toBe('未选择审批人');
    expect(approversText({ kind: 'role', roleId: '9' }, options, words)).toBe('角色: 会计');
    expect(approversText({ kind: 'deptHead' }, options, words)).toBe('发起人部门负责人');
  });

  it('keeps a flow from saving while a step has no name or no approvers', () => {
    const step: FlowStep = { ...newStep('step1', 1, false), approvers: { kind: 'users', userIds: ['1'] } };
    expect(stepsProblem([step])).toBeNull();
    expect(stepsProblem([{ ...step, name: ' ' }])).toEqual({ problem: 'stepName', at: 'step1' });
    expect(stepsProblem([{ ...step, approvers: { kind: 'users', userIds: [] } }])).toEqual({ problem: 'approvers', at: '审批步骤1' });
    expect(stepsProblem([{ ...step, approvers: { kind: 'deptHead' } }])).toBeNull();
  });

  it('reads a money condition typed in yuan as cents, and shows it in yuan again', () => {
    expect(conditionValue('10000', '>=', 'money')).toBe(1_000_000);
    expect(conditionValue('12.34', '>=', 'money')).toBe(1234);
    expect(conditionText(1234, 'money')).toBe('12.34');
    expect(conditionValue('abc', '>=', 'money')).toBeNull();
    expect(conditionValue('', '>=', 'number')).toBeNull();
  });

  it('reads several values for "in", separated by commas', () => {
    expect(conditionValue('7, 8，9', 'in', 'id')).toEqual(['7', '8', '9']);
    expect(conditionValue('1,x', 'in', 'number')).toBeNull();
    expect(conditionText(['7', '8'], 'id')).toBe('7,8');
  });
});
