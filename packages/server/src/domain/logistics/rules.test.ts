import { describe, expect, it } from 'vitest';
import { expectedArrival, isOverdue, median } from './rules';

const dispatchedAt = new Date('2026-11-28T00:00:00Z');

describe('the expected arrival of a truck on its way', () => {
  it('adds the median of the route\'s recent trips to the dispatch time', () => {
    // one trip in a jam (300 min) does not move the median as it would the mean (146)
    expect(expectedArrival({ dispatchedAt, historyMinutes: [90, 300, 80, 100, 160], routeMinutes: 60 }))
      .toEqual({ at: new Date('2026-11-28T01:40:00Z'), basis: 'HISTORY', minutes: 100 });
    expect(expectedArrival({ dispatchedAt, historyMinutes: [90, 100, 80, 110], routeMinutes: null }))
      .toEqual({ at: new Date('2026-11-28T01:35:00Z'), basis: 'HISTORY', minutes: 95 });
  });

  it('takes the route\'s set time when its history has fewer than three trips', () => {
    expect(expectedArrival({ dispatchedAt, historyMinutes: [90, 100], routeMinutes: 150 }))
      .toEqual({ at: new Date('2026-11-28T02:30:00Z'), basis: 'ROUTE', minutes: 150 });
  });

  it('leaves out trips that are not trips of the route before counting them', () => {
    // 0 minutes: registered at the gate; 20,000: left over a holiday
    expect(expectedArrival({ dispatchedAt, historyMinutes: [0, 20_000, 90, 100], routeMinutes: 45 }))
      .toEqual({ at: new Date('2026-11-28T00:45:00Z'), basis: 'ROUTE', minutes: 45 });
  });

  it('expects nothing with neither history nor a set time', () => {
    expect(expectedArrival({ dispatchedAt, historyMinutes: [], routeMinutes: null })).toEqual({ at: null, basis: 'NONE', minutes: null });
  });

  it('calls a truck late once its expected time has passed', () => {
    const e = expectedArrival({ dispatchedAt, historyMinutes: [], routeMinutes: 60 });
    expect(isOverdue(e, new Date('2026-11-28T00:59:59Z'))).toBe(false);
    expect(isOverdue(e, new Date('2026-11-28T01:00:01Z'))).toBe(true);
    expect(isOverdue(expectedArrival({ dispatchedAt, historyMinutes: [], routeMinutes: null }), new Date())).toBe(false);
  });

  it('finds the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
