import { describe, expect, it } from 'vitest';
import { decide } from '../../platform/documents/lifecycle';
import {
  amendLifecycle, amendProblem, contractGuardProblem, contractLifecycle, drawMismatch, drawProblem, headerProblems, normaliseHeader, qualityProblems, roomOf,
} from './rules';

const state = (status: 'FREE' | 'AUDITED' | 'CLOSED' | 'TERMINATED' | 'OBSOLETE') => ({ code: 'XSHT202611250001', status, enabled: true });
const next = (status: Parameters<typeof state>[0], action: string) => {
  const d = decide(contractLifecycle, '销售合同', state(status), action);
  return d.ok ? d.change.status ?? status : d.message;
};

describe('the contract lifecycle table', () => {
  it('goes draft -> in force -> closed or terminated, and void and back', () => {
    expect(next('FREE', 'audit')).toBe('AUDITED');
    expect(next('AUDITED', 'close')).toBe('CLOSED');
    expect(next('AUDITED', 'terminate')).toBe('TERMINATED');
    expect(next('AUDITED', 'unaudit')).toBe('FREE');
    expect(next('FREE', 'obsolete')).toBe('OBSOLETE');
    expect(next('OBSOLETE', 'recover')).toBe('FREE');
  });

  it('refuses what the table does not have, naming the contract and its state', () => {
    expect(next('FREE', 'close')).toBe('销售合同 XSHT202611250001 未审核，不能关闭');
    expect(next('CLOSED', 'terminate')).toBe('销售合同 XSHT202611250001 已关闭，不能终止');
    expect(next('TERMINATED', 'unaudit')).toBe('销售合同 XSHT202611250001 已终止，不能反审核');
    expect(next('AUDITED', 'delete')).toBe('销售合同 XSHT202611250001 已审核，不能删除，请先反审核');
  });

  it('sends an edit of a contract in force to an amendment', () => {
    expect(next('AUDITED', 'update')).toBe('销售合同 XSHT202611250001 已审核，不能修改，请通过补充协议变更');
    expect(next('FREE', 'update')).toBe('FREE');
  });

  it('withdraws the audit only while no notice line draws on the contract', () => {
    expect(contractGuardProblem('unaudit', '销售合同', 'XSHT1', 0)).toBeNull();
    expect(contractGuardProblem('unaudit', '销售合同', 'XSHT1', 2)).toBe('销售合同 XSHT1 已有 2 条通知单明细引用，不能反审核');
    expect(contractGuardProblem('close', '销售合同', 'XSHT1', 2)).toBeNull();
  });

  it('applies an amendment once, at its audit', () => {
    expect(decide(amendLifecycle, '补充协议', state('FREE'), 'audit')).toEqual({ ok: true, change: { status: 'AUDITED' } });
    expect(decide(amendLifecycle, '补充协议', state('AUDITED'), 'audit').ok).toBe(false);
    expect(decide(amendLifecycle, '补充协议', state('AUDITED'), 'unaudit').ok).toBe(false);
  });
});

describe('the room a contract line leaves the notices', () => {
  const line = { contractNo: 'XSHT1', seq: 2, quantity: '100', tolerance: '5', drawnElsewhere: '80' };

  it('is the quantity plus the tolerance, in decimals', () => {
    expect(roomOf('100', '5').toFixed()).toBe('105');
    expect(roomOf('0.1', '10').toFixed()).toBe('0.11');
    expect(roomOf('33.3333', '0').toFixed()).toBe('33.3333');
  });

  it('takes a notice up to the room and refuses one past it, with the figures', () => {
    expect(drawProblem(line, '25')).toBeNull();
    expect(drawProblem(line, '25.0001')).toBe('超出合同 XSHT1 第2行可下达量：合同数量 100 吨（溢短装 5%）可下达 105 吨，其他通知单已下达 80 吨，剩余 25 吨，本单 25.0001 吨');
  });

  const contract = { contractNo: 'XSHT1', kind: 'sa', status: 'AUDITED', partyId: '7', materialId: '9', validFrom: '2026-01-01', validTo: '2026-12-31' };
  const notice = { kind: 'sa', partyId: '7', materialId: '9', startDay: '2026-03-01', endDay: '2026-12-31' };

  it('draws on a contract of the same kind, party and material, in force, within its validity', () => {
    expect(drawMismatch(contract, notice)).toBeNull();
    expect(drawMismatch(contract, { ...notice, kind: 'pu' })).toBe('合同 XSHT1 不是本类通知单的合同');
    expect(drawMismatch({ ...contract, status: 'FREE' }, notice)).toBe('合同 XSHT1 未生效（须为已审核），不能下达');
    expect(drawMismatch({ ...contract, status: 'CLOSED' }, notice)).toBe('合同 XSHT1 未生效（须为已审核），不能下达');
    expect(drawMismatch(contract, { ...notice, partyId: '8' })).toBe('合同 XSHT1 的合同方与本通知单不同');
    expect(drawMismatch(contract, { ...notice, materialId: '10' })).toBe('合同 XSHT1 该行的物料与本明细不同');
    expect(drawMismatch(contract, { ...notice, startDay: '2025-12-31' })).toBe('通知单开始时间早于合同 XSHT1 的有效期（2026-01-01 至 2026-12-31）');
    expect(drawMismatch(contract, { ...notice, endDay: '2027-01-01' })).toBe('通知单结束时间晚于合同 XSHT1 的有效期（2026-01-01 至 2026-12-31）');
  });
});

describe('an amendment', () => {
  const line = { seq: 1, quantity: '100', drawn: '90' };
  it('never takes a line below what notices drew on it, tolerance counted', () => {
    expect(amendProblem('XSHT1', line, '90', '0')).toBeNull();
    expect(amendProblem('XSHT1', line, '86', '5')).toBeNull();
    expect(amendProblem('XSHT1', line, '85', '5')).toBe('合同 XSHT1 第1行 数量 85 吨（溢短装 5%）可下达 89.25 吨，少于通知单已下达的 90 吨');
    // a lower tolerance alone can take the room below the drawn quantity
    expect(amendProblem('XSHT1', { ...line, drawn: '104' }, null, '3')).toBe('合同 XSHT1 第1行 数量 100 吨（溢短装 3%）可下达 103 吨，少于通知单已下达的 104 吨');
  });
});

describe('the header and the quality terms across their fields', () => {
  it('wants validity in order and credit days with credit terms, and clears them when prepaid', () => {
    expect(headerProblems({ validFrom: '2026-02-01', validTo: '2026-01-31' })).toEqual([{ field: 'validTo', message: '有效期至不能早于有效期起' }]);
    expect(headerProblems({ validFrom: '2026-02-01', validTo: '2026-02-01', paymentTerms: 'CREDIT', creditDays: null })).toEqual([{ field: 'creditDays', message: '账期付款须填写账期天数' }]);
    expect(headerProblems({ paymentTerms: 'CREDIT', creditDays: 30 })).toEqual([]);
    expect(normaliseHeader({ paymentTerms: 'PREPAID', creditDays: 30 }).creditDays).toBeNull();
  });

  it('wants each rule whole and the reject limit beyond the standard', () => {
    const term = { standardValue: '12', direction: 'MAX', deductStep: '1', deductPercent: '1.5', bandStep: null, bandPrice: null, rejectLimit: '18' };
    expect(qualityProblems(term)).toEqual([]);
    expect(qualityProblems({ ...term, deductPercent: null })).toEqual([{ field: 'deductPercent', message: '扣重规则须同时填写每超出量与扣重比例' }]);
    expect(qualityProblems({ ...term, bandStep: '0.5' })).toEqual([{ field: 'bandPrice', message: '价格档须同时填写档距与每档调价' }]);
    expect(qualityProblems({ ...term, rejectLimit: '11' })).toEqual([{ field: 'rejectLimit', message: '拒收限值须高于标准值' }]);
    expect(qualityProblems({ ...term, direction: 'MIN', rejectLimit: '11' })).toEqual([]);
    expect(qualityProblems({ ...term, direction: 'MIN', rejectLimit: '13' })).toEqual([{ field: 'rejectLimit', message: '拒收限值须低于标准值' }]);
  });
});
