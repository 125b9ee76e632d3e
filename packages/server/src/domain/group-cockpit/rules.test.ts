import { describe, expect, it } from 'vitest';
import { assemblePlants, monthStartOf, plantDay } from './rules';

describe('集团驾驶舱 rules', () => {
  it('takes the day from the plant\'s zone, and its month\'s first day', () => {
    // 2026-03-31 16:30 UTC is 2026-04-01 00:30 in Shanghai
    const at = Date.UTC(2026, 2, 31, 16, 30);
    expect(plantDay(at, 'Asia/Shanghai')).toBe('2026-04-01');
    expect(plantDay(at, 'UTC')).toBe('2026-03-31');
    expect(monthStartOf('2026-04-17')).toBe('2026-04-01');
  });

  it('gives a plant without rows zeros, and each plant its own rows only', () => {
    const plant = (orgId: string) => ({ orgId, orgCode: orgId, orgName: orgId, orgNameEn: null, member: true });
    const [x, y] = assemblePlants({
      plants: [plant('1'), plant('2')],
      inPlant: [{ orgId: '1', n: 3 }],
      today: [{ orgId: '1', kind: 'sa', tons: '2.5' }, { orgId: '1', kind: 'st', tons: '9' }],
      month: [{ orgId: '2', kind: 'pu', tons: '1' }],
      stock: [{ orgId: '2', tons: '7.25' }],
      stockByClass: [{ orgId: '2', classId: '9', classCode: '01', className: '原料', tons: '7.25' }],
      accounts: [{ orgId: '1', receipts: '100', consumed: '40' }],
      unsettled: [{ orgId: '2', cents: '5' }],
      interventions: [], approvals: [{ orgId: '1', n: 2 }],
    });
    expect(x).toMatchObject({ inPlant: 3, today: { pu: '0', sa: '2.5', al: '0', tr: '0' }, month: { pu: '0', sa: '0', al: '0', tr: '0' }, stockTons: '0', stockByClass: [], receiptsCents: 100, consumedCents: 40, unsettledCents: 0, openApprovals: 2 });
    expect(y).toMatchObject({ inPlant: 0, month: { pu: '1' }, stockTons: '7.25', stockByClass: [{ classId: '9', classCode: '01', className: '原料', tons: '7.25' }], receiptsCents: 0, unsettledCents: 5, openInterventions: 0, openApprovals: 0 });
  });
});
