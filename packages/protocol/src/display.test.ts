import { describe, expect, it } from 'vitest';
import { excelUnitPriceFormat, excelWeightFormat, formatCents, formatMoney, formatUnitPrice, formatWeight, weightInUnit } from './display';

describe('one money format', () => {
  it('shows yuan with the sign, thousands separators and 2 decimals', () => {
    expect(formatMoney(36536.6)).toBe('¥36,536.60');
    expect(formatMoney('1214.1')).toBe('¥1,214.10');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(1234567.005)).toBe('¥1,234,567.01');
  });
  it('puts the minus before the sign and never shows -¥0.00', () => {
    expect(formatMoney(-35)).toBe('-¥35.00');
    expect(formatMoney(-0.001)).toBe('¥0.00');
  });
  it('leaves an empty or unreadable value empty', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
  it('reads cents and can drop the sign', () => {
    expect(formatCents(121410)).toBe('¥1,214.10');
    expect(formatMoney(1000, { symbol: false })).toBe('1,000.00');
  });
});

describe('unit prices', () => {
  it('keep between 2 decimals and the plant precision', () => {
    expect(formatUnitPrice(350)).toBe('¥350.00');
    expect(formatUnitPrice(35.125)).toBe('¥35.125');
    expect(formatUnitPrice(35.123456, { unitPricePrecision: 4 })).toBe('¥35.1235');
    expect(formatUnitPrice(35.1, { unitPricePrecision: 0 })).toBe('¥35.10');
  });
});

describe('one weight format', () => {
  it('shows tons with the plant decimals', () => {
    expect(formatWeight(144.54)).toBe('144.54');
    expect(formatWeight('32.0000')).toBe('32.00');
    expect(formatWeight(31.95, { weightUnit: 't', weightPrecision: 3 }, { unit: true })).toBe('31.950 吨');
  });
  it('shows kilograms when the plant weighs in kg', () => {
    expect(formatWeight(31.95, { weightUnit: 'kg', weightPrecision: 0 }, { unit: true, language: 'en' })).toBe('31,950 kg');
    expect(weightInUnit('1.5', { weightUnit: 'kg' })).toBe(1500);
  });
});

describe('Excel number formats', () => {
  it('follow the plant decimals', () => {
    expect(excelWeightFormat({ weightPrecision: 2 })).toBe('#,##0.00');
    expect(excelWeightFormat({ weightPrecision: 0 })).toBe('#,##0');
    expect(excelUnitPriceFormat({ unitPricePrecision: 4 })).toBe('"¥"#,##0.00##');
  });
});
