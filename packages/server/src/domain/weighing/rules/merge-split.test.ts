import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { mergeDeductions, planMerge, planSplit, type DeductionRow, type Weighed } from './merge-split';

const T = (v: Decimal.Value) => new Decimal(v);
const ticket = (code: string, over: Partial<Weighed> = {}): Weighed => ({
  code, materialId: '7', noticeLineId: '3', gross: T('40'), tare: T('15'), deducted: T('0.5'), net: T('24.5'), ...over,
});

describe('planMerge', () => {
  it('sums every figure into the first ticket', () => {
    expect(planMerge([ticket('A'), ticket('B', { gross: T('30'), tare: T('14'), deducted: T(0), net: T('16') })])).toEqual({
      ok: true, gross: T('70'), tare: T('29'), deducted: T('0.5'), net: T('40.5'),
    });
  });

  it('refuses one ticket, another material and another notice line', () => {
    expect(planMerge([ticket('A')])).toEqual({ ok: false, message: '合并至少选择两张磅单' });
    expect(planMerge([ticket('A'), ticket('B', { materialId: '8' })])).toEqual({ ok: false, message: '磅单 B 与 A 物料不同，不能合并' });
    expect(planMerge([ticket('A'), ticket('B', { noticeLineId: null })])).toEqual({ ok: false, message: '磅单 B 与 A 不是同一通知单明细，不能合并' });
  });
});

describe('mergeDeductions', () => {
  const rate = (kind: string, value: string, amount: string): DeductionRow => ({ kind, mode: 'RATE', value: T(value), amount: T(amount) });
  const tons = (kind: string, amount: string): DeductionRow => ({ kind, mode: 'AMOUNT', value: T(amount), amount: T(amount) });

  it('sums each kind, keeping a rate every ticket took alike and turning any other mix into an amount', () => {
    const merged = mergeDeductions([
      [rate('WATER', '2', '0.5'), tons('IMPURITY', '0.3'), rate('STONE', '1', '0.25'), tons('HIDDEN', '0.05')],
      [rate('WATER', '2', '0.32'), rate('STONE', '3', '0.48'), tons('HIDDEN', '0.05')],
    ]);
    expect(merged).toEqual([
      tons('HIDDEN', '0.1'), tons('IMPURITY', '0.3'), tons('STONE', '0.73'), rate('WATER', '2', '0.82'),
    ]);
    expect(merged.reduce((s, d) => s.plus(d.amount), T(0))).toEqual(T('1.95'));
  });

  it('does not keep a rate that only some tickets took', () => {
    expect(mergeDeductions([[rate('WATER', '2', '0.5')], []])).toEqual([tons('WATER', '0.5')]);
    expect(mergeDeductions([[], []])).toEqual([]);
  });
});

describe('planSplit', () => {
  it('keeps the first part and lowers the gross by what left', () => {
    expect(planSplit(ticket('A'), [T('20'), T('4.5')])).toEqual({ ok: true, kept: { gross: T('35.5'), net: T('20') }, parts: [T('4.5')] });
  });

  it('refuses parts that do not add up to the net, a zero part and a single part', () => {
    expect(planSplit(ticket('A'), [T('20'), T('4')])).toEqual({ ok: false, message: '拆分数量合计 24 吨应等于磅单 A 的净重 24.5 吨' });
    expect(planSplit(ticket('A'), [T('24.5'), T('0')])).toEqual({ ok: false, message: '拆分数量应大于0（0）' });
    expect(planSplit(ticket('A'), [T('24.5')])).toEqual({ ok: false, message: '拆分至少分成两份' });
  });
});
