import { describe, expect, it } from 'vitest';
import { addressOfMovement, assignProblem, placementProblem } from './rules';

describe('placementProblem', () => {
  const yard = { code: 'A', warehouseId: 'W1', kind: 'YARD' as const };
  it('takes a top address and a bay under a yard of its warehouse', () => {
    expect(placementProblem({ warehouseId: 'W1', kind: 'YARD', parent: null, parentIsBelow: false })).toBeNull();
    expect(placementProblem({ warehouseId: 'W1', kind: 'BAY', parent: yard, parentIsBelow: false })).toBeNull();
  });
  it('refuses a parent of another warehouse, a bay as a parent, and the address under itself', () => {
    expect(placementProblem({ warehouseId: 'W2', kind: 'BAY', parent: yard, parentIsBelow: false })?.message).toBe('上级地址 A 不属于所选仓库');
    expect(placementProblem({ warehouseId: 'W1', kind: 'BAY', parent: { ...yard, code: 'A-1', kind: 'BAY' }, parentIsBelow: false })?.message)
      .toBe('上级地址 A-1 是垛位/货位，其下不能再设地址');
    expect(placementProblem({ warehouseId: 'W1', kind: 'YARD', parent: yard, parentIsBelow: true })?.message).toBe('上级地址不能是本地址或其下级地址');
  });
});

describe('assignProblem', () => {
  const ticket = { ticketNo: 'XS1', state: 'COMPLETED', warehouseId: 'W1', toWarehouseId: null };
  it('names an address of the ticket\'s warehouse, or clears it, until the ticket is posted', () => {
    expect(assignProblem(ticket, { code: 'A', warehouseId: 'W1', enabled: true, className: null, holdsMaterial: true })).toBeNull();
    expect(assignProblem(ticket, null)).toBeNull();
    expect(assignProblem({ ...ticket, toWarehouseId: 'W2' }, { code: 'B', warehouseId: 'W2', enabled: true, className: null, holdsMaterial: true })).toBeNull();
  });
  it('refuses a posted or void ticket, a disabled address and another warehouse\'s', () => {
    expect(assignProblem({ ...ticket, state: 'POSTED' }, null)).toBe('磅单 XS1 已记账，请先反记账再指定库存地址');
    expect(assignProblem({ ...ticket, state: 'OBSOLETE' }, null)).toBe('磅单 XS1 已作废，不能指定库存地址');
    expect(assignProblem(ticket, { code: 'A', warehouseId: 'W1', enabled: false, className: null, holdsMaterial: true })).toBe('库存地址 A 已停用');
    expect(assignProblem(ticket, { code: 'C', warehouseId: 'W3', enabled: true, className: null, holdsMaterial: true })).toBe('库存地址 C 不属于磅单 XS1 的仓库');
  });
  it('refuses an address keeping another class of goods, and takes one keeping the ticket\'s', () => {
    expect(assignProblem(ticket, { code: 'S1', warehouseId: 'W1', enabled: true, className: '水泥', holdsMaterial: false }))
      .toBe('库存地址 S1 只存放水泥类物料，磅单 XS1 的物料不属于该分类');
    expect(assignProblem(ticket, { code: 'S1', warehouseId: 'W1', enabled: true, className: '水泥', holdsMaterial: true })).toBeNull();
  });
});

describe('addressOfMovement', () => {
  it('puts the address on the movement at its warehouse only (a transfer\'s other leg has none)', () => {
    expect(addressOfMovement('W1', { id: '9', warehouseId: 'W1' })).toBe('9');
    expect(addressOfMovement('W2', { id: '9', warehouseId: 'W1' })).toBeNull();
    expect(addressOfMovement('W1', null)).toBeNull();
  });
});
