import { describe, expect, it } from 'vitest';
import { computeFormula, formulaCodes, FormulaError, parseFormula } from './formula';

describe('assay formulas', () => {
  it('derives a dry-basis value from the as-received value and moisture', () => {
    expect(computeFormula('[003] * 100 / (100 - [001])', { '003': '0.8', '001': '12.5' })).toBe('0.914');
  });
  it('keeps the usual precedence, parentheses and unary minus', () => {
    expect(computeFormula('1 + 2 * 3', {})).toBe('7.000');
    expect(computeFormula('(1 + 2) * 3', {})).toBe('9.000');
    expect(computeFormula('-Mt + 10', { Mt: '4' })).toBe('6.000');
    expect(computeFormula('10 - 4 - 3', {})).toBe('3.000');
    expect(computeFormula('12 / 3 / 2', {})).toBe('2.000');
  });
  it('gives 0 for a division by zero', () => {
    expect(computeFormula('[003] * 100 / (100 - [001])', { '003': '1', '001': '100' })).toBe('0.000');
  });
  it('rounds the result to 3 decimals, half up, without float error', () => {
    expect(computeFormula('0.1 + 0.2', {})).toBe('0.300');
    expect(computeFormula('2 / 3', {})).toBe('0.667');
    expect(computeFormula('1.0005 * 1', {})).toBe('1.001');
  });
  it('names the codes it reads', () => {
    expect([...formulaCodes(parseFormula('[003] * 100 / (100 - Mt)'))].sort()).toEqual(['003', 'Mt']);
  });
  it('refuses what is not a formula, saying where', () => {
    for (const bad of ['', '1 +', '(1 + 2', '1 + 2)', '2 ^ 3', '[001', '[]', '1 2', '*3', 'eval(1)']) {
      expect(() => parseFormula(bad), bad).toThrow(FormulaError);
    }
    expect(() => computeFormula('[009] + 1', {})).toThrow('缺少化验项目 009');
  });
});
