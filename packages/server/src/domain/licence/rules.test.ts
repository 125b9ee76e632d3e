import { describe, expect, it } from 'vitest';
import { collectorProblem, decideDraw, drawnAfterGiveBack, expiringWarning, grantProblem, preLoadWarning, type CollectorFacts, type GrantFacts } from './rules';

const grant: GrantFacts = {
  grantNo: 'XKZ1', status: 'AUDITED', enabled: true, customerId: 'c1', divisionId: 'd1', validFrom: '2026-01-01', validTo: '2026-12-31',
  lines: [{ standProductId: 'p1', productName: '硝酸铵', quantity: '100', drawn: '40' }, { standProductId: 'p2', productName: '氨水', quantity: '10', drawn: '10' }],
};
const need = { customerId: 'c1', products: [{ id: 'p1', name: '硝酸铵' }], today: '2026-06-01' };

describe('a grant lets a controlled product go', () => {
  it('when audited, enabled, of the customer, in its validity and covering the product with quantity left', () => {
    expect(grantProblem('grantId', grant, need)).toBeNull();
    expect(grantProblem('grantId', grant, { ...need, today: '2026-01-01' })).toBeNull();
    expect(grantProblem('grantId', grant, { ...need, today: '2026-12-31' })).toBeNull();
  });

  it('and says why not, naming the field', () => {
    expect(grantProblem('grantId', null, need)).toEqual({ field: 'grantId', message: '许可证不存在' });
    expect(grantProblem('grantId', { ...grant, status: 'FREE' }, need)?.message).toBe('许可证 XKZ1 未审核，不能使用');
    expect(grantProblem('grantId', { ...grant, status: 'OBSOLETE' }, need)?.message).toBe('许可证 XKZ1 已作废，不能使用');
    expect(grantProblem('grantId', { ...grant, enabled: false }, need)?.message).toBe('许可证 XKZ1 已停用，不能使用');
    expect(grantProblem('grantId', grant, { ...need, customerId: 'c2' })?.message).toBe('许可证 XKZ1 的持证单位不是该客户');
    expect(grantProblem('grantId', grant, { ...need, today: '2025-12-31' })?.message).toBe('许可证 XKZ1 未到有效期（2026-01-01 起）');
    expect(grantProblem('grantId', grant, { ...need, today: '2027-01-01' })?.message).toBe('许可证 XKZ1 已过期（2026-12-31 止）');
    expect(grantProblem('grantId', grant, { ...need, products: [{ id: 'p3', name: '硝化棉' }] })?.message).toBe('许可证 XKZ1 不包含标准产品 硝化棉');
    expect(grantProblem('grantId', grant, { ...need, products: [{ id: 'p2', name: '氨水' }] })?.message).toBe('许可证 XKZ1 的标准产品 氨水 已无剩余许可数量');
  });
});

describe('an authorised collector', () => {
  const person: CollectorFacts = { name: '张三', enabled: true, customerId: 'c1', divisionId: 'd1', validFrom: '2026-01-01', validTo: '2026-06-30' };
  const at = { customerId: 'c1', divisionId: 'd1', today: '2026-06-30' };
  it('collects for the customer and the grant division while enabled and in validity', () => {
    expect(collectorProblem('collectorId', person, at)).toBeNull();
    expect(collectorProblem('collectorId', { ...person, divisionId: null }, at)).toBeNull();
    expect(collectorProblem('collectorId', person, { ...at, divisionId: null })).toBeNull();
  });
  it('is refused otherwise', () => {
    expect(collectorProblem('collectorId', null, at)).toEqual({ field: 'collectorId', message: '授权提货人不能为空！' });
    expect(collectorProblem('collectorId', { ...person, enabled: false }, at)?.message).toBe('授权提货人 张三 已停用');
    expect(collectorProblem('collectorId', person, { ...at, customerId: 'c2' })?.message).toBe('授权提货人 张三 不是该客户的授权提货人');
    expect(collectorProblem('collectorId', person, { ...at, divisionId: 'd2' })?.message).toBe('授权提货人 张三 不属于许可证的持证部门');
    expect(collectorProblem('collectorId', person, { ...at, today: '2026-07-01' })?.message).toBe('授权提货人 张三 不在授权有效期内（2026-01-01 至 2026-06-30）');
  });
});

describe('the draw-down', () => {
  it('adds the net up to the granted quantity exactly, and refuses past it naming what is left', () => {
    const d = decideDraw('XKZ1', '硝酸铵', { quantity: '100', drawn: '40' }, '60');
    expect(d.ok && d.drawn.toFixed()).toBe('100');
    const over = decideDraw('XKZ1', '硝酸铵', { quantity: '100', drawn: '40' }, '60.001');
    expect(over).toEqual({ ok: false, message: '许可证 XKZ1 的标准产品 硝酸铵 剩余许可数量 60，本次净重 60.001 超出许可数量' });
  });
  it('gives back a voided draw, never below nothing', () => {
    expect(drawnAfterGiveBack('40', '25.5').toFixed()).toBe('14.5');
    expect(drawnAfterGiveBack('10', '25').toFixed()).toBe('0');
  });
});

describe('expiring grants', () => {
  it('warn from the day N days before their end through the end day', () => {
    expect(expiringWarning('XKZ1', '2026-07-01', '2026-06-01', 30)).toBe('许可证 XKZ1 将于 2026-07-01 到期（30 天内），请及时办理');
    expect(expiringWarning('XKZ1', '2026-07-02', '2026-06-01', 30)).toBeNull();
    expect(expiringWarning('XKZ1', '2026-06-01', '2026-06-01', 30)).not.toBeNull();
    expect(expiringWarning('XKZ1', '2026-05-31', '2026-06-01', 30)).toBeNull();
  });
});

describe('a pre-load past what is left', () => {
  it('warns, naming what is left; within it, nothing', () => {
    expect(preLoadWarning('XKZ1', grant.lines[0], '60')).toBeNull();
    expect(preLoadWarning('XKZ1', grant.lines[0], '60.5')).toBe('许可证 XKZ1 的标准产品 硝酸铵 剩余许可数量 60，少于预装数 60.5');
    expect(preLoadWarning('XKZ1', grant.lines[0], null)).toBeNull();
  });
});
