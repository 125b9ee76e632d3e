import { describe, expect, it } from 'vitest';
import type { TicketFacts } from '../weighing/rules/transitions';
import { actionable, confirmButtons, decideConfirm } from './rules';

const ticket = (over: Partial<TicketFacts> = {}): TicketFacts => ({
  code: 'CGBD0001', state: 'firstWeighed', uploaded: false, sceneConfirm: true, returned: false, isReturn: false, hasFirstWeighing: true, ...over,
});
const row = (over: Partial<TicketFacts> = {}, sampleState: 'QUALIFIED' | 'UNQUALIFIED' | null = null) => ({ ticket: ticket(over), sampleState });

describe('site confirmation buttons', () => {
  it('offers confirm, truck leaves loaded and truck leaves empty to a truck waiting after its first weighing', () => {
    expect(confirmButtons(row(), false)).toEqual(['CONFIRM', 'SINGLE_WEIGH', 'SINGLE_EMPTY']);
  });

  it('offers confirm again and cancel confirmation once confirmed', () => {
    expect(confirmButtons(row({ state: 'confirmed' }), false)).toEqual(['CONFIRM_AGAIN', 'CONFIRM_NOT', 'SINGLE_WEIGH', 'SINGLE_EMPTY']);
  });

  it('shows 无法确认 on a completed, closed or uploaded ticket', () => {
    expect(confirmButtons(row({ state: 'completed' }), false)).toEqual(['CONFIRM_NO']);
    expect(confirmButtons(row({ state: 'closed' }), false)).toEqual(['CONFIRM_NO']);
    expect(confirmButtons(row({ uploaded: true }), false)).toEqual(['CONFIRM_NO']);
  });

  it('judges a sample 合格 or 不合格 while the truck is at the plant, and again after', () => {
    expect(confirmButtons(row(), true)).toEqual(['CONFIRM', 'CONFIRM_NOT']);
    expect(confirmButtons(row({}, 'QUALIFIED'), true)).toEqual(['CONFIRM_AGAIN', 'CONFIRM_NOT']);
    expect(confirmButtons(row({}, 'UNQUALIFIED'), true)).toEqual(['CONFIRM_AGAIN']);
    expect(confirmButtons(row({ state: 'completed' }), true)).toEqual(['CONFIRM_NO']);
  });

  it('acts on a row only when handleable, with buttons and without CONFIRM_NO', () => {
    expect(actionable(true, ['CONFIRM'])).toBe(true);
    expect(actionable(false, ['CONFIRM'])).toBe(false);
    expect(actionable(true, [])).toBe(false);
    expect(actionable(true, ['CONFIRM_NO'])).toBe(false);
  });
});

describe('a confirmation press', () => {
  it('confirms with the deductions entered at the unloading point', () => {
    const d = decideConfirm(row(), false, { button: 'CONFIRM', deductions: [{ kind: 'WATER', mode: 'RATE', value: '1.5' }], reNums: 20 });
    expect(d).toEqual({ ok: true, effect: { kind: 'state', action: 'confirm', next: 'confirmed', closeKind: null, deductions: [{ kind: 'WATER', mode: 'RATE', value: '1.5' }], reNums: 20 } });
  });

  it('closes the ticket when the truck leaves loaded', () => {
    expect(decideConfirm(row(), false, { button: 'SINGLE_WEIGH' })).toMatchObject({ ok: true, effect: { next: 'closed', closeKind: 'SINGLE_WEIGH' } });
  });

  it('refuses a button the row does not offer, in the mode\'s words', () => {
    expect(decideConfirm(row({ state: 'completed' }), false, { button: 'CONFIRM' })).toEqual({ ok: false, message: '磅单 CGBD0001 当前不能确认' });
    expect(decideConfirm(row({}, 'UNQUALIFIED'), true, { button: 'CONFIRM_NOT' })).toEqual({ ok: false, message: '磅单 CGBD0001 当前不能不合格' });
  });

  it('refuses deductions with a rejection and bad deductions anywhere', () => {
    expect(decideConfirm(row(), false, { button: 'SINGLE_EMPTY', deductions: [{ kind: 'WATER', mode: 'AMOUNT', value: '1' }] })).toEqual({ ok: false, message: '车辆空出时不能录入扣重' });
    expect(decideConfirm(row(), false, { button: 'CONFIRM', deductions: [{ kind: 'STONE', mode: 'RATE', value: '101' }] })).toEqual({ ok: false, message: '扣重比例不能大于100%' });
    expect(decideConfirm(row(), false, { button: 'CONFIRM', deductions: [{ kind: 'STONE', mode: 'AMOUNT', value: '1' }, { kind: 'STONE', mode: 'AMOUNT', value: '2' }] })).toEqual({ ok: false, message: '扣重项目 STONE 重复' });
  });

  it('records the sample judgment with its count, 0 to 500, 1 when not given', () => {
    expect(decideConfirm(row(), true, { button: 'CONFIRM' }, '20261121')).toEqual({ ok: true, effect: { kind: 'sample', sampleState: 'QUALIFIED', sampleCount: 1, sampledOn: '2026-11-21' } });
    expect(decideConfirm(row(), true, { button: 'CONFIRM_NOT', sampleCount: 3, sampleDate: '20261120' }, '20261121'))
      .toEqual({ ok: true, effect: { kind: 'sample', sampleState: 'UNQUALIFIED', sampleCount: 3, sampledOn: '2026-11-20' } });
    expect(decideConfirm(row(), true, { button: 'CONFIRM', sampleCount: 501 })).toEqual({ ok: false, message: '样品数应为0到500的整数' });
    expect(decideConfirm(row(), true, { button: 'CONFIRM', sampleDate: '20261131' })).toEqual({ ok: false, message: '取样日期 20261131 不是有效日期' });
  });
});
