import { describe, expect, it } from 'vitest';
import { chooseStoredTare, tareAlarm, taresAfterWeighing } from './stored-tare';
import { NOW, T, hoursAgo, params, vehicle } from './fixtures.test-support';

describe('chooseStoredTare', () => {
  it('takes the standard tare first, then the last, then the average', () => {
    expect(chooseStoredTare(vehicle({ standardTare: T('15') }), params(), NOW)).toEqual({ ok: true, kind: 'standard', tare: T('15') });
    expect(chooseStoredTare(vehicle(), params(), NOW)).toEqual({ ok: true, kind: 'last', tare: T('15.2') });
    expect(chooseStoredTare(vehicle({ lastTare: null }), params(), NOW)).toEqual({ ok: true, kind: 'average', tare: T('15.1') });
  });

  it('takes the kind asked for', () => {
    expect(chooseStoredTare(vehicle({ standardTare: T('15') }), params(), NOW, 'average')).toEqual({ ok: true, kind: 'average', tare: T('15.1') });
  });

  it('refuses a weighed tare older than tareValidHours, and keeps one exactly that old', () => {
    const old = vehicle({ tareTime: hoursAgo(25) });
    expect(chooseStoredTare(old, params({ tareValidHours: 24 }), NOW)).toEqual({ ok: false, message: '车辆 苏A12345 没有有效的存储皮重（有效期 24 小时），请回皮' });
    expect(chooseStoredTare(vehicle({ tareTime: hoursAgo(24) }), params({ tareValidHours: 24 }), NOW).ok).toBe(true);
  });

  it('keeps a stored tare of any age when the validity is -1 (unlimited)', () => {
    expect(chooseStoredTare(vehicle({ tareTime: hoursAgo(24 * 400) }), params({ tareValidHours: -1 }), NOW)).toEqual({ ok: true, kind: 'last', tare: T('15.2') });
  });

  it('refuses every stored tare, the standard one too, when the validity is 0 (a tare every trip)', () => {
    const r = chooseStoredTare(vehicle({ standardTare: T('15') }), params({ tareValidHours: 0 }), NOW);
    expect(r).toEqual({ ok: false, message: '系统参数要求每车次回皮（皮重有效期为0小时），不能使用存储皮重' });
  });

  it('keeps a standard tare when the weighed ones have expired', () => {
    expect(chooseStoredTare(vehicle({ standardTare: T('15'), tareTime: hoursAgo(100) }), params(), NOW)).toEqual({ ok: true, kind: 'standard', tare: T('15') });
  });

  it('names the kind asked for when the vehicle has none', () => {
    expect(chooseStoredTare(vehicle(), params(), NOW, 'standard')).toEqual({ ok: false, message: '车辆 苏A12345 没有有效的标准皮重（有效期 24 小时），请回皮' });
  });

  it('refuses a vehicle that was never weighed empty', () => {
    expect(chooseStoredTare(vehicle({ lastTare: null, averageTare: null, tareTime: null, tareCount: 0 }), params({ tareValidHours: -1 }), NOW).ok).toBe(false);
  });
});

describe('tareAlarm', () => {
  const p = params({ tareAlarmKg: 200, tareAlarmPercent: 3 });

  it('is quiet within both limits', () => {
    expect(tareAlarm(T('15.3'), vehicle(), p)).toBeNull();
  });

  it('fires past the kilogram limit and names the figures', () => {
    expect(tareAlarm(T('15.45'), vehicle(), p)).toBe(
      '皮重报警：车辆 苏A12345 本次皮重 15.45 吨，上次皮重 15.2 吨，相差 0.25 吨（1.6%），超过 200 千克或 3%',
    );
  });

  it('fires past the percentage limit even within the kilograms', () => {
    const small = vehicle({ lastTare: T('2'), averageTare: T('2') });
    expect(tareAlarm(T('2.1'), small, p)).toContain('（5%）');
  });

  it('compares with the average tare too', () => {
    expect(tareAlarm(T('15.5'), vehicle({ lastTare: T('15.45'), averageTare: T('15.2') }), p)).toContain('平均皮重 15.2 吨');
  });

  it('is quiet for a vehicle with no stored tare', () => {
    expect(tareAlarm(T('30'), vehicle({ lastTare: null, averageTare: null }), p)).toBeNull();
  });
});

describe('taresAfterWeighing', () => {
  it('makes the weighed tare the last and takes it into the running average', () => {
    const after = taresAfterWeighing(vehicle({ averageTare: T('15'), tareCount: 4 }), T('16'), NOW);
    expect(after).toEqual({ lastTare: T('16'), averageTare: T('15.2'), tareTime: NOW, tareCount: 5 });
  });

  it('starts the average with the first tare', () => {
    expect(taresAfterWeighing(vehicle({ lastTare: null, averageTare: null, tareCount: 0 }), T('14.5'), NOW).averageTare).toEqual(T('14.5'));
  });
});
