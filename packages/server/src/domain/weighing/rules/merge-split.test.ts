import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { mergeDeductions, planMerge, planSplit, shareOut, type DeductionRow, type Weighed } from './merge-split';

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
  const step = T('0.01');
  const rows: DeductionRow[] = [
    { kind: 'WATER', mode: 'RATE', value: T('1'), amount: T('0.25') }, { kind: 'STONE', mode: 'AMOUNT', value: T('0.25'), amount: T('0.25') },
  ];
  const sum = (xs: Decimal[]) => xs.reduce((s, x) => s.plus(x), T(0));

  it('shares the tare and the deductions in proportion to the parts, each part a whole ticket', () => {
    // 40 - 15 - 0.5 = 24.5, split 20 / 4.5
    const plan = planSplit(ticket('A'), rows, [T('20'), T('4.5')], step);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.parts.map((p) => [p.gross.toFixed(), p.tare.toFixed(), p.deducted.toFixed(), p.net.toFixed()])).toEqual([
      ['32.64', '12.24', '0.4', '20'], ['7.36', '2.76', '0.1', '4.5'],
    ]);
    for (const p of plan.parts) expect(p.gross.minus(p.tare).minus(p.deducted).eq(p.net)).toBe(true);
    expect(plan.parts[1]?.deductions).toEqual([
      { kind: 'WATER', mode: 'RATE', value: T('1'), amount: T('0.05') }, { kind: 'STONE', mode: 'AMOUNT', value: T('0.05'), amount: T('0.05') },
    ]);
  });

  it('adds every figure of the parts up to the ticket exactly, however the shares round', () => {
    const t = ticket('A', { gross: T('31.07'), tare: T('14.33'), deducted: T('0.5'), net: T('16.24') });
    const parts = [T('5.41'), T('5.41'), T('5.42')];
    const plan = planSplit(t, rows, parts, step);
    if (!plan.ok) throw new Error(plan.message);
    expect(sum(plan.parts.map((p) => p.gross))).toEqual(T('31.07'));
    expect(sum(plan.parts.map((p) => p.tare))).toEqual(T('14.33'));
    expect(sum(plan.parts.map((p) => p.deducted))).toEqual(T('0.5'));
    expect(sum(plan.parts.map((p) => p.net))).toEqual(T('16.24'));
    for (const p of plan.parts) expect(p.tare.mod(step).isZero()).toBe(true);
  });

  it('refuses parts that do not add up to the net, a zero part and a single part', () => {
    expect(planSplit(ticket('A'), [], [T('20'), T('4')], step)).toEqual({ ok: false, message: '拆分数量合计 24 吨应等于磅单 A 的净重 24.5 吨' });
    expect(planSplit(ticket('A'), [], [T('24.5'), T('0')], step)).toEqual({ ok: false, message: '拆分数量应大于0（0）' });
    expect(planSplit(ticket('A'), [], [T('24.5')], step)).toEqual({ ok: false, message: '拆分至少分成两份' });
  });
});

describe('shareOut', () => {
  it('gives the steps left over to the largest remainders, the earlier part on a tie', () => {
    expect(shareOut(T('0.1'), [T(1), T(1), T(1)], T('0.01')).map(String)).toEqual(['0.04', '0.03', '0.03']);
    expect(shareOut(T('0.02'), [T(1), T(1), T(1), T(1), T(1)], T('0.01')).map(String)).toEqual(['0.01', '0.01', '0', '0', '0']);
    expect(shareOut(T(0), [T(2), T(3)], T('0.01')).map(String)).toEqual(['0', '0']);
  });

  it('shares a figure recorded at a finer precision in 0.0001 t', () => {
    expect(shareOut(T('0.005'), [T(1), T(1)], T('0.01')).map(String)).toEqual(['0.0025', '0.0025']);
  });
});
