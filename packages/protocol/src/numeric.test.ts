import { describe, expect, it } from 'vitest';
import { columnNumber, plainDecimal } from './numeric';

describe('a number bound for its column', () => {
  const tons = columnNumber({ precision: 14, scale: 4, min: 0, label: '数量' });

  it('reads a JSON number and the same value as text alike, in plain decimal form', () => {
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal('1e21')).toBeNull();
    expect(tons.parse(12.5)).toBe('12.5');
    expect(tons.parse(' 12.5 ')).toBe('12.5');
  });

  it('refuses 10^(precision - scale) and beyond, as number or text, with one message', () => {
    for (const v of [1e10, '10000000000', 1e20, '100000000000000000000', 1e308]) {
      expect(tons.safeParse(v).error?.issues[0].message).toBe('数量应小于10000000000');
    }
    expect(tons.parse('9999999999.9999')).toBe('9999999999.9999');
    expect(tons.safeParse(-1e20).error?.issues[0].message).toBe('数量应小于10000000000');
  });

  it('refuses more decimals than the column keeps unless the field rounds them, and values below min', () => {
    expect(tons.safeParse('1.23456').error?.issues[0].message).toBe('数量最多4位小数');
    expect(columnNumber({ precision: 19, scale: 4, round: true, label: '单价' }).parse('1.23456')).toBe('1.23456');
    expect(tons.safeParse(-1).error?.issues[0].message).toBe('数量不能小于0');
    expect(tons.safeParse('abc').error?.issues[0].message).toBe('数量应为数字');
  });
});
