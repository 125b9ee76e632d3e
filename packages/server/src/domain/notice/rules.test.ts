import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { decide, stateActions, type DocStatus } from '../../platform/documents/lifecycle';
import { auditedOnly, decideDone, decideEndTime, decideMaxLimit, defaultMaxLimit, guardProblem, lineProblems, noticeLifecycle, storedLineProblem, type LineState } from './rules';

const state = (status: DocStatus) => ({ code: 'CGTZ202611210001', status, enabled: true });
const nothing = { done: 0, inTransit: 0 };

describe('the notice lifecycle table', () => {
  const STATUSES: DocStatus[] = ['FREE', 'AUDITED', 'CLOSED', 'OBSOLETE'];
  // every action from every status: the table's answer, as the plant expects it
  const EXPECTED: Record<string, Partial<Record<DocStatus, DocStatus | 'same'>>> = {
    audit: { FREE: 'AUDITED' },
    unaudit: { AUDITED: 'FREE' },
    close: { AUDITED: 'CLOSED' },
    reopen: { CLOSED: 'AUDITED' },
    obsolete: { FREE: 'OBSOLETE', AUDITED: 'OBSOLETE', CLOSED: 'OBSOLETE' },
    recover: { OBSOLETE: 'FREE' },
    update: { FREE: 'same' },
    delete: { FREE: 'same' },
  };

  it('allows exactly the transitions of the table and refuses the rest', () => {
    for (const [action, allowed] of Object.entries(EXPECTED)) {
      for (const status of STATUSES) {
        const d = decide(noticeLifecycle, '采购通知单', state(status), action);
        const want = allowed[status];
        expect(d.ok, `${action} from ${status}`).toBe(want !== undefined);
        if (d.ok && want !== 'same') expect(d.change.status).toBe(want);
      }
    }
  });

  it('offers its state actions as routes and buttons', () => {
    expect(stateActions(noticeLifecycle).sort()).toEqual(['audit', 'close', 'obsolete', 'recover', 'reopen', 'unaudit']);
  });

  it('says why an action is refused', () => {
    expect(decide(noticeLifecycle, '采购通知单', state('CLOSED'), 'update')).toEqual({ ok: false, message: '采购通知单 CGTZ202611210001 已关闭，不能修改' });
    expect(decide(noticeLifecycle, '采购通知单', state('AUDITED'), 'delete')).toEqual({ ok: false, message: '采购通知单 CGTZ202611210001 已审核，不能删除，请先反审核' });
  });
});

describe('guards on what the trucks did', () => {
  it('withdraws an audit only while nothing is done or on the way', () => {
    expect(guardProblem('unaudit', 'N1', '采购通知单', nothing)).toBeNull();
    expect(guardProblem('unaudit', 'N1', '采购通知单', { done: '12.5000', inTransit: 0 })).toBe('采购通知单 N1 已执行 12.5 吨、在途 0 吨，不能反审核');
    expect(guardProblem('unaudit', 'N1', '采购通知单', { done: 0, inTransit: '3' })).toBe('采购通知单 N1 已执行 0 吨、在途 3 吨，不能反审核');
  });

  it('voids or closes a notice only with no truck on the way; done does not stand in the way', () => {
    expect(guardProblem('obsolete', 'N1', '销售提货单', { done: 50, inTransit: 0 })).toBeNull();
    expect(guardProblem('obsolete', 'N1', '销售提货单', { done: 0, inTransit: 30 })).toBe('销售提货单 N1 尚有在途车辆（在途 30 吨），不能作废');
    expect(guardProblem('close', 'N1', '销售提货单', { done: 0, inTransit: 30 })).toBe('销售提货单 N1 尚有在途车辆（在途 30 吨），不能关闭');
    expect(guardProblem('audit', 'N1', '销售提货单', { done: 9, inTransit: 9 })).toBeNull();
  });
});

const line = (over: Partial<LineState> = {}): LineState => ({ seq: 1, maxLimit: '100', minLimit: null, done: '40', inTransit: '30', quantityControl: true, ...over });

describe('line quantities', () => {
  it('defaults the ceiling to quantity x (1 + control rate)', () => {
    expect(defaultMaxLimit('1000', '5').toFixed()).toBe('1050');
    expect(defaultMaxLimit('33.3333', '3').toFixed()).toBe('34.3333');
    expect(defaultMaxLimit('10', null).toFixed()).toBe('10');
  });

  it('never puts a ceiling below done plus in transit, nor below the floor', () => {
    expect(decideMaxLimit(line(), '69.9')).toEqual({ ok: false, field: 'maxLimit', message: '第1行 最大限量 69.9 吨不能小于已执行 40 吨与在途 30 吨之和 70 吨' });
    expect(decideMaxLimit(line(), '70')).toMatchObject({ ok: true });
    expect(decideMaxLimit(line({ minLimit: '80' }), '75')).toEqual({ ok: false, field: 'maxLimit', message: '第1行 最大限量 75 吨不能小于最小限量 80 吨' });
    expect(decideMaxLimit(line({ done: 0, inTransit: 0 }), '0')).toMatchObject({ ok: false, message: '最大限量必须大于0' });
  });

  it('corrects done with a reason, within the ceiling under quantity control', () => {
    expect(decideDone(line(), '10', '')).toMatchObject({ ok: false, field: 'reason' });
    expect(decideDone(line(), '-1', '补录')).toMatchObject({ ok: false, message: '已执行量不能小于0' });
    expect(decideDone(line(), '70.5', '补录')).toMatchObject({ ok: false, message: '第1行 已执行 70.5 吨加在途 30 吨超过最大限量 100 吨' });
    expect(decideDone(line({ quantityControl: false }), '500', '补录')).toMatchObject({ ok: true });
    expect(decideDone(line(), '70', '补录')).toMatchObject({ ok: true });
  });

  it('moves the end after the start and not into the past', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const now = new Date('2026-06-01T00:00:00Z');
    expect(decideEndTime(start, new Date('2025-12-31T00:00:00Z'), now)).toMatchObject({ ok: false, message: '结束时间必须晚于开始时间' });
    expect(decideEndTime(start, new Date('2026-05-31T00:00:00Z'), now)).toMatchObject({ ok: false, message: '结束时间不能早于当前时间' });
    expect(decideEndTime(start, new Date('2026-07-01T00:00:00Z'), now)).toMatchObject({ ok: true });
  });

  it('corrects only an audited notice', () => {
    expect(auditedOnly('AUDITED', '采购通知单', 'N1', '修改最大限量')).toBeNull();
    expect(auditedOnly('FREE', '采购通知单', 'N1', '修改最大限量')).toBe('采购通知单 N1 未审核，请直接修改，不能修改最大限量');
    expect(auditedOnly('CLOSED', '采购通知单', 'N1', '修改结束时间')).toBe('采购通知单 N1 已关闭，不能修改结束时间');
  });

  it('checks a line across its fields', () => {
    const blank = { quantity: '10', controlRate: null, maxLimit: null, minLimit: null, warehouseId: null, toWarehouseId: null };
    expect(lineProblems(blank, 'pu')).toEqual([]);
    expect(lineProblems({ ...blank, quantity: '0' }, 'pu')).toEqual([{ field: 'quantity', message: '数量必须大于0' }]);
    expect(lineProblems({ ...blank, minLimit: '10.5' }, 'pu')).toEqual([{ field: 'minLimit', message: '最小限量 10.5 吨不能大于最大限量 10 吨' }]);
    expect(lineProblems({ ...blank, controlRate: '10', minLimit: '10.5' }, 'pu')).toEqual([]);
    expect(lineProblems({ ...blank, warehouseId: '7', toWarehouseId: '7' }, 'tr')).toEqual([{ field: 'toWarehouseId', message: '调入仓库不能与调出仓库相同' }]);
  });

  it('keeps room on a rewritten line and keeps a used line from being dropped', () => {
    expect(storedLineProblem(line(), null)).toBe('第1行 已执行 40 吨、在途 30 吨，不能删除');
    expect(storedLineProblem(line({ done: 0, inTransit: 0 }), null)).toBeNull();
    expect(storedLineProblem(line(), new Decimal(60))).toBe('最大限量 60 吨不能小于已执行 40 吨与在途 30 吨之和 70 吨');
    expect(storedLineProblem(line(), new Decimal(70))).toBeNull();
  });
});
