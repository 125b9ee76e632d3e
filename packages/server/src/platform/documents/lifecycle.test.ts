import { describe, expect, it } from 'vitest';
import { archiveLifecycle, decide, type DocState, type Lifecycle, stateActions, switchLifecycle } from './lifecycle';
import { icCardLifecycle } from '../../domain/masterdata/ic-card/family';

const row = (status: DocState['status'], enabled = true, extra?: string): DocState => ({ code: 'GYS0001', status, enabled, extra });
const allowed = (state: DocState, action: string, table: Lifecycle = archiveLifecycle) => decide(table, '供应商', state, action).ok;
const refusal = (state: DocState, action: string, table: Lifecycle = archiveLifecycle) => {
  const d = decide(table, '供应商', state, action);
  return d.ok ? null : d.message;
};

describe('the archive lifecycle (自由 / 已审核 / 已作废)', () => {
  it('audits a free row and un-audits an audited one', () => {
    expect(decide(archiveLifecycle, '供应商', row('FREE'), 'audit')).toEqual({ ok: true, change: { status: 'AUDITED' } });
    expect(decide(archiveLifecycle, '供应商', row('AUDITED'), 'unaudit')).toEqual({ ok: true, change: { status: 'FREE' } });
    expect(refusal(row('AUDITED'), 'audit')).toBe('供应商 GYS0001 已审核，不能重复审核');
    expect(refusal(row('FREE'), 'unaudit')).toBe('供应商 GYS0001 未审核，不能反审核');
  });

  it('never audits an obsolete row', () => {
    expect(refusal(row('OBSOLETE', false), 'audit')).toBe('供应商 GYS0001 已作废，不能审核');
    expect(refusal(row('OBSOLETE', false), 'unaudit')).toBe('供应商 GYS0001 已作废，不能反审核');
  });

  it('neither edits nor deletes nor voids an audited row until it is un-audited', () => {
    expect(refusal(row('AUDITED'), 'update')).toBe('供应商 GYS0001 已审核，不能修改，请先反审核');
    expect(refusal(row('AUDITED'), 'delete')).toBe('供应商 GYS0001 已审核，不能删除，请先反审核');
    expect(refusal(row('AUDITED'), 'obsolete')).toBe('供应商 GYS0001 已审核，不能作废，请先反审核');
    expect(allowed(row('FREE'), 'update')).toBe(true);
    expect(allowed(row('FREE'), 'delete')).toBe(true);
  });

  it('voids a free row, disabling it; an obsolete row is not enabled, edited or voided again, only recovered or deleted', () => {
    expect(decide(archiveLifecycle, '供应商', row('FREE'), 'obsolete')).toEqual({ ok: true, change: { status: 'OBSOLETE', enabled: false } });
    expect(refusal(row('OBSOLETE', false), 'enable')).toBe('供应商 GYS0001 已作废，不能启用');
    expect(refusal(row('OBSOLETE', false), 'update')).toBe('供应商 GYS0001 已作废，不能修改');
    expect(refusal(row('OBSOLETE', false), 'obsolete')).toBe('供应商 GYS0001 已作废，不能重复作废');
    expect(decide(archiveLifecycle, '供应商', row('OBSOLETE', false), 'recover')).toEqual({ ok: true, change: { status: 'FREE' } });
    expect(refusal(row('FREE'), 'recover')).toBe('供应商 GYS0001 未作废，不能恢复');
    expect(allowed(row('OBSOLETE', false), 'delete')).toBe(true);
  });

  it('enables a disabled row and disables an enabled one, never twice', () => {
    expect(allowed(row('AUDITED', false), 'enable')).toBe(true);
    expect(refusal(row('FREE', true), 'enable')).toBe('供应商 GYS0001 已启用，不能重复启用');
    expect(refusal(row('FREE', false), 'disable')).toBe('供应商 GYS0001 已停用，不能重复停用');
  });

  it('offers its state actions as routes and buttons', () => {
    expect(stateActions(archiveLifecycle).sort()).toEqual(['audit', 'disable', 'enable', 'obsolete', 'recover', 'unaudit']);
    expect(stateActions(switchLifecycle).sort()).toEqual(['disable', 'enable']);
    expect(refusal(row('FREE'), 'audit', switchLifecycle)).toBe('供应商 GYS0001 不支持审核');
  });
});

describe("the IC card's own states", () => {
  const card = (extra: string) => ({ code: '10001001', status: 'FREE' as const, enabled: true, extra });
  const words = { NORMAL: '正常使用中', LOST: '已挂失', DAMAGED: '已损坏' };
  it('loses only a card in use and reuses only a lost one', () => {
    expect(decide(icCardLifecycle, 'IC卡', card('NORMAL'), 'loss', words)).toEqual({ ok: true, change: { extra: 'LOST' } });
    expect(decide(icCardLifecycle, 'IC卡', card('LOST'), 'reuse', words)).toEqual({ ok: true, change: { extra: 'NORMAL' } });
    expect(decide(icCardLifecycle, 'IC卡', card('DAMAGED'), 'loss', words)).toEqual({ ok: false, message: 'IC卡 10001001 已损坏，不能挂失' });
    expect(decide(icCardLifecycle, 'IC卡', card('NORMAL'), 'reuse', words)).toEqual({ ok: false, message: 'IC卡 10001001 正常使用中，不能解除挂失' });
  });
});
