import { describe, expect, it } from 'vitest';
import { displayKindOf, displayWith, withUnit } from '../format';

describe('the web\'s one format of money and weights', () => {
  it('shows money as ¥ with separators and 2 decimals, and cents as yuan', () => {
    const d = displayWith();
    expect(d.money('1214.1')).toBe('¥1,214.10');
    expect(d.money(36536.6)).toBe('¥36,536.60');
    expect(d.cents(121410)).toBe('¥1,214.10');
    expect(d.money(null)).toBe('');
  });

  it('shows unit prices with the plant\'s precision', () => {
    expect(displayWith({ weightUnit: 't', weightPrecision: 2, unitPricePrecision: 4 }).unitPrice('350')).toBe('¥350.00');
    expect(displayWith({ weightUnit: 't', weightPrecision: 2, unitPricePrecision: 3 }).unitPrice('35.12345')).toBe('¥35.123');
  });

  it('shows weights in the plant\'s unit and decimals, with its label in the interface\'s language', () => {
    const tons = displayWith({ weightUnit: 't', weightPrecision: 2, unitPricePrecision: 4 });
    expect(tons.weight('144.5400')).toBe('144.54');
    expect(tons.weight('32.0000', { unit: true })).toBe('32.00 吨');
    expect(tons.unitLabel).toBe('吨');
    const kg = displayWith({ weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 }, true);
    expect(kg.weight('31.95', { unit: true })).toBe('31,950 kg');
    expect(kg.weightNumber('1.5')).toBe(1500);
    expect(kg.unitWeight(1500, { unit: true })).toBe('1,500 kg');
    expect(kg.unitLabel).toBe('kg');
  });

  it('formats a figure by its kind', () => {
    const d = displayWith({ weightUnit: 't', weightPrecision: 3, unitPricePrecision: 2 });
    expect(d.byKind('money', '1214.1')).toBe('¥1,214.10');
    expect(d.byKind('unitPrice', '350')).toBe('¥350.00');
    expect(d.byKind('weight', '32')).toBe('32.000');
  });

  it('reads a field\'s kind from its declaration; an older MONEY class reads as money; only NUMBER fields have one', () => {
    expect(displayKindOf({ fieldType: 'NUMBER', displayKind: 'weight' })).toBe('weight');
    expect(displayKindOf({ fieldType: 'NUMBER', classType: 'MONEY' })).toBe('money');
    expect(displayKindOf({ fieldType: 'NUMBER', displayKind: null, classType: null })).toBeNull();
    expect(displayKindOf({ fieldType: 'TEXT', displayKind: 'money' })).toBeNull();
  });

  it('names the plant\'s unit in a weight\'s label', () => {
    const kg = displayWith({ weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 });
    expect(withUnit('净重(吨)', kg)).toBe('净重(千克)');
    expect(withUnit('途损量(吨/车)', kg)).toBe('途损量(千克/车)');
    expect(withUnit('净重', kg)).toBe('净重');
    expect(withUnit('Net (t)', displayWith({ weightUnit: 'kg', weightPrecision: 0, unitPricePrecision: 4 }, true))).toBe('Net (kg)');
    expect(withUnit('净重(吨)', displayWith())).toBe('净重(吨)');
  });
});
