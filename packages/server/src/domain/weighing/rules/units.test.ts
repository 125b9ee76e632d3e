import { describe, expect, it } from 'vitest';
import { roundWeight, toTons } from './units';
import { T, params } from './fixtures.test-support';

describe('roundWeight', () => {
  it('rounds half up, truncates, or carries to the precision in tons', () => {
    expect(roundWeight(T('12.345'), params({ weightRounding: 'round', weightPrecision: 2 }))).toEqual(T('12.35'));
    expect(roundWeight(T('12.344'), params({ weightRounding: 'round', weightPrecision: 2 }))).toEqual(T('12.34'));
    expect(roundWeight(T('12.349'), params({ weightRounding: 'truncate', weightPrecision: 2 }))).toEqual(T('12.34'));
    expect(roundWeight(T('12.341'), params({ weightRounding: 'carry', weightPrecision: 2 }))).toEqual(T('12.35'));
    expect(roundWeight(T('12.34'), params({ weightRounding: 'carry', weightPrecision: 2 }))).toEqual(T('12.34'));
  });

  it('rounds in kilograms when the organisation computes in kilograms', () => {
    // 12,345.6 kg to whole kilograms
    expect(roundWeight(T('12.3456'), params({ weightUnit: 'kg', weightPrecision: 0 }))).toEqual(T('12.346'));
    expect(roundWeight(T('12.3456'), params({ weightUnit: 'kg', weightPrecision: 0, weightRounding: 'truncate' }))).toEqual(T('12.345'));
  });

  it('reads a kilogram reading as tons', () => {
    expect(toTons('49020', 'kg')).toEqual(T('49.02'));
    expect(toTons('49.02', 't')).toEqual(T('49.02'));
  });
});
