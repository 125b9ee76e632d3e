import { describe, expect, it } from 'vitest';
import { decideComplete, decideRelease, decideReserve, decideUncomplete, remaining } from './quantity-rules';

const line = (over: Partial<{ maxLimit: string; done: string; inTransit: string; quantityControl: boolean }> = {}) => ({
  maxLimit: '100', done: '60', inTransit: '30', quantityControl: true, doneTrips: 2, inTransitTrips: 1, ...over,
});

describe('notice line quantity control', () => {
  it('leaves max limit minus done minus in transit', () => {
    expect(remaining(line()).toFixed()).toBe('10');
  });

  it('reserves a pre-load that fits and counts the trip in transit', () => {
    const d = decideReserve(line(), '10');
    expect(d).toMatchObject({ ok: true, inTransitTrips: 2 });
    if (d.ok) expect(d.inTransit.toFixed()).toBe('40');
  });

  it('refuses a pre-load that would pass the max limit, naming what is left', () => {
    expect(decideReserve(line(), '10.5')).toEqual({ ok: false, message: '超出通知单最大限量：剩余可用 10 吨，本次需要 10.5 吨' });
  });

  it('lets any pre-load through a line without quantity control', () => {
    expect(decideReserve(line({ quantityControl: false }), '500').ok).toBe(true);
  });

  it('completes a truck heavier than its hold when the difference fits', () => {
    const d = decideComplete(line(), '30', '40');
    expect(d.ok).toBe(true);
    if (d.ok) expect([d.done.toFixed(), d.inTransit.toFixed(), d.doneTrips, d.inTransitTrips]).toEqual(['100', '0', 3, 0]);
  });

  it('refuses a completion that would push done past the max limit', () => {
    expect(decideComplete(line(), '30', '40.01')).toEqual({ ok: false, message: '超出通知单最大限量：剩余可用 40 吨，本车净重 40.01 吨' });
  });

  it('releases a hold without counting anything done', () => {
    const d = decideRelease(line(), '30');
    expect(d.ok && [d.done.toFixed(), d.inTransit.toFixed(), d.inTransitTrips]).toEqual(['60', '0', 0]);
  });

  it('counts a trip in transit only while it holds something, the same way on every move', () => {
    const zero = decideReserve(line(), '0');
    expect(zero.ok && zero.inTransitTrips).toBe(1);
    const released = decideRelease(line(), '0');
    expect(released.ok && released.inTransitTrips).toBe(1);
    const completed = decideComplete(line(), '0', '5');
    expect(completed.ok && [completed.inTransitTrips, completed.doneTrips]).toEqual([1, 3]);
  });

  it('takes a net back out of done, never below zero', () => {
    expect(decideUncomplete(line(), '20').ok).toBe(true);
    expect(decideUncomplete(line(), '61')).toEqual({ ok: false, message: '通知单已执行量 60 吨小于本单净重 61 吨，无法冲回' });
  });
});
