import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { checkerProblem, checkFormatLines, deriveValues, finalAfterRecheck, itemRefusal, valueProblem } from './rules';

const line = (code: string, formula: string | null = null) => ({ itemId: code, code, formula });

describe('format lines', () => {
  it('takes formulas over the format’s items, a derived item reading another', () => {
    expect(checkFormatLines([line('Mt'), line('Sar'), line('Sd', '[Sar]*100/(100-[Mt])'), line('S2', 'Sd * 2')])).toEqual([]);
  });
  it('refuses a formula that loops through another derived item', () => {
    expect(checkFormatLines([line('A', 'B + 1'), line('B', 'A * 2')])).toEqual([{ row: 1, field: 'formula', message: '第1行公式循环引用了自己' }]);
  });
});

describe('derived values', () => {
  it('figures each formula once its inputs are known, in any order of the lines', () => {
    const d = deriveValues([line('S2', '[Sd] * 2'), line('Sd', '[Sar]*100/(100-[Mt])'), line('Mt'), line('Sar')], new Map([['Mt', new Decimal('12.5')], ['Sar', new Decimal('0.8')]]));
    expect([d.get('Sd')?.toFixed(3), d.get('S2')?.toFixed(3)]).toEqual(['0.914', '1.828']);
  });
  it('leaves a derived item unknown while one of its inputs is missing', () => {
    expect(deriveValues([line('Mt'), line('Sar'), line('Sd', '[Sar]*100/(100-[Mt])')], new Map([['Mt', new Decimal(10)]])).has('Sd')).toBe(false);
  });
});

describe('entered values', () => {
  const water = { code: '001', name: '水分', precisionDigits: 2, minValue: '0', maxValue: '100' };
  it('keeps to the item’s decimals and range', () => {
    expect(valueProblem(water, '12.50')).toBeNull();
    expect(valueProblem(water, '12.505')).toBe('水分 最多2位小数');
    expect(valueProblem(water, '-0.01')).toBe('水分 不能小于 0');
    expect(valueProblem(water, '100.01')).toBe('水分 不能大于 100');
    expect(valueProblem({ ...water, minValue: null, maxValue: null }, '1000')).toBeNull();
  });
  it('grants only the items given, an empty list none', () => {
    expect(itemRefusal(new Set(['1']), '1', '水分')).toBeNull();
    expect(itemRefusal(new Set(), '1', '水分')).toBe('您没有录入化验项目 水分 的权限');
  });
});

describe('after a recheck', () => {
  it('replaces or averages as the format says, to 3 decimals', () => {
    expect(finalAfterRecheck('REPLACE', '10', '12')).toBe('12');
    expect(finalAfterRecheck('AVERAGE', '10', '11')).toBe('10.5');
    expect(finalAfterRecheck('AVERAGE', '0.9', '0.9515')).toBe('0.926');
    expect(finalAfterRecheck('AVERAGE', '10', null)).toBe('10');
    expect(finalAfterRecheck('AVERAGE', null, '11')).toBe('11');
  });
  it('is checked by someone who entered none of the round', () => {
    expect(checkerProblem('7', ['5', '6'])).toBeNull();
    expect(checkerProblem('5', ['5', '6'])).toBe('审核人不能是录入人，请由另一人审核');
  });
});
