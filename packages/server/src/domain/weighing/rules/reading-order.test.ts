import { describe, expect, it } from 'vitest';
import { firstSide, grossAndTare } from './reading-order';
import { T } from './fixtures.test-support';

describe('firstSide', () => {
  it('weighs gross first where the truck arrives loaded', () => {
    expect(firstSide('pu', null, null)).toBe('gross');
    expect(firstSide('pt', null, null)).toBe('gross');
    expect(firstSide('al', 'receive', null)).toBe('gross');
    expect(firstSide('tr', 'receive', null)).toBe('gross');
  });

  it('weighs tare first where the truck arrives empty', () => {
    expect(firstSide('sa', null, null)).toBe('tare');
    expect(firstSide('st', null, null)).toBe('tare');
    expect(firstSide('al', 'dispatch', null)).toBe('tare');
    expect(firstSide('tr', 'dispatch', null)).toBe('tare');
  });

  it('lets the material decide a production ticket, gross first when it does not say', () => {
    expect(firstSide('pr', null, 'TARE_FIRST')).toBe('tare');
    expect(firstSide('pr', null, 'GROSS_FIRST')).toBe('gross');
    expect(firstSide('pr', null, null)).toBe('gross');
  });

  it('does not let the material change the side of a kind that decides it', () => {
    expect(firstSide('pu', null, 'TARE_FIRST')).toBe('gross');
    expect(firstSide('sa', null, 'GROSS_FIRST')).toBe('tare');
  });
});

describe('grossAndTare', () => {
  it('keeps the readings as weighed when the gross is the heavier', () => {
    expect(grossAndTare({ side: 'tare', weight: T('15.2') }, { side: 'gross', weight: T('49') })).toEqual({ gross: T('49'), tare: T('15.2'), swapped: false });
  });

  it('swaps a tare that came out heavier than the gross', () => {
    expect(grossAndTare({ side: 'tare', weight: T('40') }, { side: 'gross', weight: T('15') })).toEqual({ gross: T('40'), tare: T('15'), swapped: true });
    expect(grossAndTare({ side: 'gross', weight: T('15') }, { side: 'tare', weight: T('40') })).toEqual({ gross: T('40'), tare: T('15'), swapped: true });
  });

  it('does not swap equal readings', () => {
    expect(grossAndTare({ side: 'gross', weight: T('15') }, { side: 'tare', weight: T('15') }).swapped).toBe(false);
  });
});
