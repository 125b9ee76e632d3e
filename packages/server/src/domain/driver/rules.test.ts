import { describe, expect, it } from 'vitest';
import type { AppointmentRule } from '../gate/appointment-rules';
import { bookingDayRefusal, callRefusal, cancelRefusal, dayOffers, driverState, readSignature, receiptRefusal, windowOver, windowsText } from './rules';

// The driver's page's decisions: the state he is shown, the days offered and refused, a signature's
// form and size, a receipt once for a finished sale, and what the gate may call in.
const trip = { docStatus: 'AUDITED', tripState: 'PLANNED', enabled: true, calledAt: null, ticketState: null };
const rule = (o: Partial<AppointmentRule>): AppointmentRule => ({
  id: '1', code: 'R1', name: '白班', kind: null, materialCode: null, window: null, quota: null, quotaDayStart: null, validDays: null, ...o,
});

describe('the state the driver sees', () => {
  it('goes waiting, called, in the plant, weighed once, done', () => {
    expect(driverState(trip)).toBe('WAITING');
    expect(driverState({ ...trip, calledAt: new Date() })).toBe('CALLED');
    expect(driverState({ ...trip, tripState: 'ENTERED', calledAt: new Date() })).toBe('IN_PLANT');
    expect(driverState({ ...trip, tripState: 'WEIGHING', ticketState: 'FIRST_WEIGHED' })).toBe('WEIGHED_ONCE');
    expect(driverState({ ...trip, tripState: 'WEIGHING', ticketState: 'COMPLETED' })).toBe('DONE');
    expect(driverState({ ...trip, tripState: 'RELEASED' })).toBe('DONE');
  });
});

describe('the days offered', () => {
  const clock = { day: '2026-03-10', timeOfDay: '12:00:00' };
  const days = ['2026-03-10', '2026-03-11', '2026-03-12'];
  it('takes the fewest places left among the governing rules, and no quota as null', () => {
    const rules = [rule({ id: '1', quota: 3 }), rule({ id: '2', quota: 5, window: '08:00:00,17:00:00' }), rule({ id: '3', kind: 'pu', quota: 0 })];
    const used = (id: string, day: string) => (id === '1' && day === '2026-03-11' ? 3 : id === '2' ? 1 : 0);
    expect(dayOffers(rules, { kind: 'tr', materialCode: null }, days, clock, used, '2026-03-31')).toEqual([
      { day: '2026-03-10', window: '08:00-17:00', placesLeft: 3, bookable: true },
      { day: '2026-03-11', window: '08:00-17:00', placesLeft: 0, bookable: false },
      { day: '2026-03-12', window: '08:00-17:00', placesLeft: 3, bookable: true },
    ]);
    expect(dayOffers([], { kind: 'tr', materialCode: null }, days, clock, () => 0, '2026-03-11').map((d) => [d.placesLeft, d.bookable])).toEqual([[null, true], [null, true], [null, false]]);
  });

  it('closes today once its window is over, never a window past midnight', () => {
    expect(windowOver('08:00:00,11:59:59', '12:00:00')).toBe(true);
    expect(windowOver('08:00:00,12:00:00', '12:00:00')).toBe(false);
    expect(windowOver('22:00:00,06:00:00', '12:00:00')).toBe(false);
    const over = [rule({ window: '06:00:00,10:00:00' })];
    expect(dayOffers(over, { kind: 'tr', materialCode: null }, days, clock, () => 0, '2026-03-31')[0].bookable).toBe(false);
    expect(bookingDayRefusal('2026-03-10', days, over, clock, '2026-03-31')).toBe('预约规则 R1 白班 今日预约时段 06:00-10:00 已过，请预约其他日期');
    expect(bookingDayRefusal('2026-03-11', days, over, clock, '2026-03-31')).toBeNull();
  });

  it('refuses a day outside the offered ones or after the notice ends', () => {
    expect(bookingDayRefusal('2026-03-09', days, [], clock, '2026-03-31')).toBe('参数 day 错误: 只能预约 2026-03-10 至 2026-03-12 的日期');
    expect(bookingDayRefusal('2026-03-12', days, [], clock, '2026-03-11')).toBe('通知单 2026-03-11 到期，不能预约 2026-03-12');
    expect(windowsText([rule({ window: '08:00:00,12:00:00' }), rule({ window: '08:00:00,12:00:00' }), rule({})])).toBe('08:00-12:00');
  });
});

describe('a signature and a receipt', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
  it('takes a PNG data URL up to 200 KB', () => {
    expect(readSignature(`data:image/png;base64,${png.toString('base64')}`)).toEqual({ ok: true, bytes: png });
    expect(readSignature(`data:image/png;base64,${Buffer.alloc(100, 1).toString('base64')}`)).toEqual({ ok: false, message: '参数 signature 错误: 签名不是有效的 PNG 图片' });
    expect(readSignature(`data:image/png;base64,${Buffer.concat([png, Buffer.alloc(200 * 1024)]).toString('base64')}`)).toEqual({ ok: false, message: '参数 signature 错误: 签名图片不能超过 200 KB' });
    expect(readSignature('data:image/gif;base64,R0lG').ok).toBe(false);
  });

  it('is taken once, for a sale weighed twice', () => {
    expect(receiptRefusal({ kind: 'sa', state: 'COMPLETED' }, false)).toBeNull();
    expect(receiptRefusal({ kind: 'sa', state: 'COMPLETED' }, true)).toBe('该磅单已确认收货');
    expect(receiptRefusal({ kind: 'sa', state: 'FIRST_WEIGHED' }, false)).toBe('磅单尚未完成二次过磅，不能确认收货');
    expect(receiptRefusal({ kind: 'pu', state: 'COMPLETED' }, false)).toBe('只有销售发货可以确认收货');
    expect(receiptRefusal(null, false)).toBe('还没有磅单，不能确认收货');
  });
});

describe('the gate\'s call and a cancel', () => {
  it('calls an audited, enabled truck not yet in; cancels a booking not called, not in', () => {
    const r = { code: 'DJ1', docStatus: 'AUDITED', tripState: 'PLANNED', enabled: true };
    expect(callRefusal(r)).toBeNull();
    expect(callRefusal({ ...r, docStatus: 'FREE' })).toBe('登记单 DJ1 未审核，不能叫号');
    expect(callRefusal({ ...r, enabled: false })).toBe('登记单 DJ1 已停用，不能叫号');
    expect(callRefusal({ ...r, tripState: 'ENTERED' })).toBe('登记单 DJ1 车辆已入厂，不用叫号');
    const live = { tripState: 'PLANNED', calledAt: null, docStatus: 'AUDITED' };
    expect(cancelRefusal({ cancelledAt: null }, live)).toBeNull();
    expect(cancelRefusal({ cancelledAt: new Date() }, live)).toBe('该预约已取消');
    expect(cancelRefusal({ cancelledAt: null }, { ...live, calledAt: new Date() })).toBe('已叫号或已入厂的预约不能取消');
  });
});
