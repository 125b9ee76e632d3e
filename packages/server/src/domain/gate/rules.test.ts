import { describe, expect, it } from 'vitest';
import { inForce, inWindow, quotaDay, rulesFor, windowRefusal, type AppointmentRule } from './appointment-rules';
import { noTripMessage } from './find-rules';
import { passRefusal } from './pass-rules';
import { readQr, signQr } from './qr';

const rule = (r: Partial<AppointmentRule>): AppointmentRule => ({ id: '1', code: 'YY0001', name: '早班', kind: null, materialCode: null, window: null, quota: null, quotaDayStart: null, validDays: null, ...r });

describe('appointment rules', () => {
  it('reads a window both ends included, and one past midnight', () => {
    expect(inWindow('06:00:00,18:00:00', '06:00:00')).toBe(true);
    expect(inWindow('06:00:00,18:00:00', '18:00:01')).toBe(false);
    expect(inWindow('22:00:00,06:00:00', '23:30:00')).toBe(true);
    expect(inWindow('22:00:00,06:00:00', '05:59:59')).toBe(true);
    expect(inWindow('22:00:00,06:00:00', '12:00:00')).toBe(false);
    expect(inWindow(null, '03:00:00')).toBe(true);
  });
  it('governs by kind and material, a blank key naming every one', () => {
    const rules = [rule({ id: '1', kind: 'pu' }), rule({ id: '2', materialCode: 'M1' }), rule({ id: '3' })];
    expect(rulesFor(rules, { registryNo: 'X', kind: 'pu', materialCode: 'M2' }, '2026-03-01').map((r) => r.id)).toEqual(['1', '3']);
    const several = [rule({ id: '4', materialCode: 'M1,M2' }), rule({ id: '5', materialCode: 'M3,M12' })];
    expect(rulesFor(several, { registryNo: 'X', kind: 'pu', materialCode: 'M2' }, '2026-03-01').map((r) => r.id)).toEqual(['4']);
    expect(rulesFor(several, { registryNo: 'X', kind: 'pu', materialCode: 'M1' }, '2026-03-01').map((r) => r.id)).toEqual(['4']);
    expect(rulesFor(several, { registryNo: 'X', kind: 'pu', materialCode: null }, '2026-03-01')).toEqual([]);
    expect(rulesFor(rules, { registryNo: 'X', kind: 'sa', materialCode: 'M1' }, '2026-03-01').map((r) => r.id)).toEqual(['2', '3']);
  });
  it('says the window a refused entry missed', () => {
    expect(windowRefusal(rule({ window: '06:00:00,08:00:00' }), { registryNo: 'CGDJ1', kind: 'pu', materialCode: null }, '09:00:00'))
      .toBe('登记单 CGDJ1 不在预约时段 06:00-08:00 内（预约规则 YY0001 早班），不能入厂');
  });
  it('governs only on the days a rule is in force, both ends included', () => {
    expect(inForce('2026-02-10,2026-02-17', '2026-02-10')).toBe(true);
    expect(inForce('2026-02-10,2026-02-17', '2026-02-17')).toBe(true);
    expect(inForce('2026-02-10,2026-02-17', '2026-02-18')).toBe(false);
    expect(inForce(null, '2026-02-18')).toBe(true);
    const rules = [rule({ id: '1', validDays: '2026-02-10,2026-02-17' }), rule({ id: '2' })];
    expect(rulesFor(rules, { registryNo: 'X', kind: 'pu', materialCode: null }, '2026-02-09').map((r) => r.id)).toEqual(['2']);
    expect(rulesFor(rules, { registryNo: 'X', kind: 'pu', materialCode: null }, '2026-02-12').map((r) => r.id)).toEqual(['1', '2']);
  });
  it('counts an entry before the quota day start against the day before, across a month and a year', () => {
    expect(quotaDay(rule({ quotaDayStart: '08:00:00' }), '2026-03-01', '07:59:59')).toBe('2026-02-28');
    expect(quotaDay(rule({ quotaDayStart: '08:00:00' }), '2027-01-01', '00:10:00')).toBe('2026-12-31');
    expect(quotaDay(rule({ quotaDayStart: '08:00:00' }), '2026-03-01', '08:00:00')).toBe('2026-03-01');
    expect(quotaDay(rule({ quotaDayStart: null }), '2026-03-01', '00:00:00')).toBe('2026-03-01');
  });
});

describe('QR codes and passes', () => {
  it('reads back what it signed and refuses any changed character', () => {
    const code = signQr('k', 'REGISTRY', '采购DJ-1', 1000);
    expect(readQr('k', code, 1000, () => 0)).toEqual({ ok: true, target: 'REGISTRY', docNo: '采购DJ-1', issuedSec: 1000 });
    const tampered = code.replace('.1000.', '.9000.');
    expect(readQr('k', tampered, 1000, () => 0)).toEqual({ ok: false, message: '二维码无效或已被篡改' });
    expect(readQr('other', code, 1000, () => 0).ok).toBe(false);
    expect(readQr('k', code, 1000 + 61, () => 1)).toEqual({ ok: false, message: '二维码已过期（有效 1 分钟）' });
  });
  it('passes only within the validity and while enabled', () => {
    const p = { passNo: 'TXZ1', enabled: true, validFrom: new Date('2026-01-01T00:00:00Z'), validTo: new Date('2026-01-02T00:00:00Z') };
    expect(passRefusal(p, new Date('2026-01-01T12:00:00Z'))).toBeNull();
    expect(passRefusal(p, new Date('2026-01-02T00:00:01Z'))).toMatch(/已过有效期/);
    expect(passRefusal(p, new Date('2025-12-31T23:59:59Z'))).toMatch(/未到有效期/);
    expect(passRefusal({ ...p, enabled: false }, new Date('2026-01-01T12:00:00Z'))).toMatch(/已停用/);
  });
});

describe('a plate with no trip to let through', () => {
  const trip = (registryNo: string, docStatus: 'FREE' | 'AUDITED' | 'OBSOLETE', tripState: 'PLANNED' | 'ENTERED' | 'WEIGHING' | 'RELEASED') => ({ registryNo, docStatus, tripState });
  it('says the truck is unknown, inside already, not audited, not yet in or gone', () => {
    expect(noTripMessage('浙A1', 'entrance', [])).toBe('车辆 浙A1 没有登记单，请先登记');
    expect(noTripMessage('浙A1', 'entrance', [trip('R2', 'OBSOLETE', 'PLANNED')])).toBe('车辆 浙A1 没有登记单，请先登记');
    expect(noTripMessage('浙A1', 'entrance', [trip('R2', 'AUDITED', 'WEIGHING'), trip('R1', 'AUDITED', 'RELEASED')])).toBe('车辆 浙A1 已在厂内（登记单 R2），不能重复入厂');
    expect(noTripMessage('浙A1', 'entrance', [trip('R3', 'FREE', 'PLANNED')])).toBe('车辆 浙A1 的登记单 R3 未审核，审核后才能入厂');
    expect(noTripMessage('浙A1', 'entrance', [trip('R1', 'AUDITED', 'RELEASED')])).toBe('车辆 浙A1 没有待入厂的登记单（登记单 R1 已出厂）');
    expect(noTripMessage('浙A1', 'release', [trip('R3', 'AUDITED', 'PLANNED')])).toBe('车辆 浙A1 尚未入厂（登记单 R3），不能出厂');
    expect(noTripMessage('浙A1', 'release', [trip('R1', 'AUDITED', 'RELEASED')])).toBe('车辆 浙A1 不在厂内（登记单 R1 已出厂）');
  });
});
