import { describe, expect, it } from 'vitest';
import { computeNet, deductionsBeyondLoad, knownLoad, readDeduction } from './net';
import { T, params } from './fixtures.test-support';

describe('computeNet', () => {
  it('is gross minus tare with no deductions', () => {
    const r = computeNet(T('49.02'), T('15.2'), [], T(0), params());
    expect(r).toMatchObject({ ok: true, net: T('33.82'), deducted: T(0) });
  });

  it('takes amounts and rates of the weighed net, each rounded before the sum', () => {
    // weighed 33.82; water 1.5% = 0.5073 -> 0.51; impurity 0.2
    const r = computeNet(T('49.02'), T('15.2'), [{ kind: 'water', rate: T('1.5') }, { kind: 'impurity', amount: T('0.2') }], T(0), params());
    expect(r).toMatchObject({ ok: true, net: T('33.11'), deducted: T('0.71') });
    if (r.ok) expect(r.deductions).toEqual([{ kind: 'water', weight: T('0.51') }, { kind: 'impurity', weight: T('0.2') }]);
  });

  it('takes the material hidden deduct off every trip', () => {
    const r = computeNet(T('49.02'), T('15.2'), [], T('0.05'), params());
    expect(r).toMatchObject({ ok: true, net: T('33.77') });
    if (r.ok) expect(r.deductions).toEqual([{ kind: 'hidden', weight: T('0.05') }]);
  });

  it('rounds the readings and deductions by the organisation rounding mode', () => {
    const p = params({ weightRounding: 'truncate', weightPrecision: 1 });
    const r = computeNet(T('49.08'), T('15.22'), [{ kind: 'water', rate: T('1') }], T(0), p);
    // 49.0 - 15.2 = 33.8; 1% = 0.338 -> 0.3
    expect(r).toMatchObject({ ok: true, gross: T('49'), tare: T('15.2'), net: T('33.5') });
    const carried = computeNet(T('49.08'), T('15.22'), [{ kind: 'water', rate: T('1') }], T(0), params({ weightRounding: 'carry', weightPrecision: 1 }));
    // 49.1 - 15.3 = 33.8; 1% = 0.338 -> 0.4
    expect(carried).toMatchObject({ ok: true, net: T('33.4') });
  });

  it('refuses a net below zero and names the figures', () => {
    expect(computeNet(T('16'), T('15.2'), [{ kind: 'stone', amount: T('1') }], T(0), params())).toEqual({
      ok: false, message: '净重不能小于0：毛重 16 吨 − 皮重 15.2 吨 − 扣重 1 吨 = -0.2 吨',
    });
  });

  it('accepts a net of exactly zero', () => {
    expect(computeNet(T('16'), T('15'), [{ kind: 'other', amount: T('1') }], T(0), params())).toMatchObject({ ok: true, net: T(0) });
  });

  it('computes exactly where binary floating point would not', () => {
    // 0.1 + 0.2 of deductions off 1.0: floats make 0.7000000000000001
    const r = computeNet(T('16.0'), T('15.0'), [{ kind: 'water', amount: T('0.1') }, { kind: 'impurity', amount: T('0.2') }], T(0), params({ weightPrecision: 4 }));
    expect(r.ok && r.net.toString()).toBe('0.7');
  });
});

describe('readDeduction', () => {
  it('reads an amount or a rate', () => {
    expect(readDeduction('water', { amount: '0.5' })).toEqual({ kind: 'water', amount: T('0.5') });
    expect(readDeduction('water', { rate: 2 })).toEqual({ kind: 'water', rate: T(2) });
    expect(readDeduction('water', {})).toEqual({ kind: 'water', amount: T(0) });
  });

  it('refuses both at once, a negative amount, a rate outside 0 to 100 and text', () => {
    expect(readDeduction('water', { amount: 1, rate: 1 })).toEqual({ error: '扣水只能填扣重或扣率其中一项' });
    expect(readDeduction('impurity', { amount: -1 })).toEqual({ error: '扣杂不能小于0' });
    expect(readDeduction('stone', { rate: 101 })).toEqual({ error: '扣石扣率应在0到100之间' });
    expect(readDeduction('other', { amount: 'abc' })).toEqual({ error: '其他扣重应为数字' });
  });
});

describe('deductions within the load', () => {
  it('knows the load from the gross (less the tare when it is in), and not from an empty truck', () => {
    expect(knownLoad('49.02', null)).toEqual(T('49.02'));
    expect(knownLoad('49.02', '15.2')).toEqual(T('33.82'));
    expect(knownLoad(null, '15.2')).toBeNull();
  });

  it('refuses amounts and rates that together take more than the load', () => {
    expect(deductionsBeyondLoad(T('30'), [{ kind: 'water', amount: T('30') }])).toBeNull();
    expect(deductionsBeyondLoad(T('30'), [{ kind: 'water', amount: T('30.01') }])).toBe('扣重合计 30.01 吨 超过车辆装载 30 吨');
    // 20 t and 40 % of 30 t is 32 t
    expect(deductionsBeyondLoad(T('30'), [{ kind: 'water', amount: T('20') }, { kind: 'stone', rate: T('40') }])).toBe('扣重合计 32 吨 超过车辆装载 30 吨');
  });

  it('refuses rates over 100 % in all even before the load is known, and leaves amounts to the second weighing then', () => {
    expect(deductionsBeyondLoad(null, [{ kind: 'water', rate: T('60') }, { kind: 'stone', rate: T('50') }])).toBe('扣率合计 110% 超过100%');
    expect(deductionsBeyondLoad(null, [{ kind: 'water', amount: T('1000') }])).toBeNull();
  });
});
