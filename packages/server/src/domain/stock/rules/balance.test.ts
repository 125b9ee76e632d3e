import { describe, expect, it } from 'vitest';
import { balanceDelta, decideBalance } from './balance';

const place = { warehouseName: '原料库', materialName: '石灰石' };

describe('balances and their sign', () => {
  it('adds IN and EARLY and subtracts OUT, exactly', () => {
    expect(balanceDelta('IN', '0.1').plus(balanceDelta('EARLY', '0.2')).toFixed()).toBe('0.3');
    expect(balanceDelta('OUT', '12.3456').toFixed()).toBe('-12.3456');
  });

  it('lets a balance go negative with a warning by default (a sales OUT before its purchase IN is posted)', () => {
    expect(decideBalance({ ...place, before: '5', delta: '-7.5' }, 'warn')).toEqual({ ok: true, warning: '仓库 原料库 物料 石灰石 库存为负: -2.5' });
  });

  it('refuses it when the organisation forbids negative stock, and says nothing when it does not check', () => {
    expect(decideBalance({ ...place, before: '5', delta: '-7.5' }, 'forbid')).toEqual({ ok: false, message: '库存不足: 仓库 原料库 物料 石灰石 结存 5，不能减少 7.5' });
    expect(decideBalance({ ...place, before: '5', delta: '-7.5' }, 'none')).toEqual({ ok: true, warning: null });
  });

  it('never stands in the way of a change that raises a balance, even one still below zero', () => {
    expect(decideBalance({ ...place, before: '-10', delta: '4' }, 'forbid')).toEqual({ ok: true, warning: null });
    expect(decideBalance({ ...place, before: '10', delta: '-10' }, 'forbid')).toEqual({ ok: true, warning: null });
  });
});
