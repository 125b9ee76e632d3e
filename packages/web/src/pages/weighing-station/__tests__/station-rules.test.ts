import { describe, expect, it } from 'vitest';
import { confirmableOf, needsDirection, newRequestId, readingInTons, readingProblem, readingText } from '../station-rules';

describe('weighing screen rules', () => {
  it('asks the direction only where both ends weigh', () => {
    expect(needsDirection('al')).toBe(true);
    expect(needsDirection('tr')).toBe(true);
    expect(needsDirection('pu')).toBe(false);
  });

  it('makes request ids that carry the station and differ press by press', () => {
    const a = newRequestId('1#', 1_700_000_000_000, () => 0.5);
    expect(a.startsWith('1#-')).toBe(true);
    expect(newRequestId('1#', 1_700_000_000_001, () => 0.5)).not.toBe(a);
  });

  it("accepts a weight in the plant's unit with at most its decimals and refuses the rest", () => {
    expect(readingProblem('48.26')).toBeNull();
    expect(readingProblem('')).toBe('请输入重量');
    expect(readingProblem('-1')).toBe('重量应为不小于0、最多2位小数的数字（吨）');
    expect(readingProblem('1.234')).toBe('重量应为不小于0、最多2位小数的数字（吨）');
    // the plant's unit and decimals: a kilogram plant weighing to the kilogram types whole kilograms
    const kg = { weightUnit: 'kg', weightPrecision: 0 } as const;
    expect(readingProblem('31950', kg, '千克')).toBeNull();
    expect(readingProblem('31950.5', kg, '千克')).toBe('重量应为不小于0的整数（千克）');
    expect(readingProblem('31.955', { weightUnit: 't', weightPrecision: 3 })).toBeNull();
  });

  it('shows a typed weight at the plant\'s decimals and sends it in tons', () => {
    expect(readingText('31.9')).toBe('31.90');
    expect(readingText('31.9x')).toBe('31.9x');
    expect(readingInTons('31.90')).toBe('31.9');
    expect(readingInTons('31950', { weightUnit: 'kg', weightPrecision: 0 })).toBe('31.95');
  });
});

describe('a refusal the operator may confirm', () => {
  it('reads what to confirm and the refusal\'s words from its data, and nothing from any other refusal', () => {
    const data = { field: 'weight', errors: [{ field: 'weight', message: '毛皮重顺序颠倒，请核实后确认过磅' }], confirm: ['reversedOrder', 'sideways'] };
    expect(confirmableOf(data)).toEqual({ confirm: ['reversedOrder'], messages: ['毛皮重顺序颠倒，请核实后确认过磅'] });
    expect(confirmableOf({ field: 'weight', errors: [{ field: 'weight', message: '毛皮重顺序颠倒，不能过磅' }] })).toBeNull();
    expect(confirmableOf({ confirm: [] })).toBeNull();
    expect(confirmableOf(null)).toBeNull();
  });
});
