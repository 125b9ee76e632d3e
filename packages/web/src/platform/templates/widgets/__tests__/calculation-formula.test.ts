import { describe, expect, it } from 'vitest';
import { calculationOf, expressionText, submitCalculation } from '../calculation/calculation';

describe('a stored formula read back into the 计算方式 set-up', () => {
  it('reads an expression into its operands and operators, in order, and submits the same text', () => {
    const calc = calculationOf('( referencePrice + 10 ) * 1.2');
    expect(calc.mode).toBe('expression');
    if (calc.mode !== 'expression') return;
    expect(calc.steps.map((s) => [s.kind, s.value])).toEqual([
      ['operator', '('], ['operand', 'referencePrice'], ['operator', '+'], ['operand', '10'], ['operator', ')'], ['operator', '*'], ['operand', '1.2'],
    ]);
    expect(expressionText(calc.steps)).toBe('( referencePrice + 10 ) * 1.2');
    expect(submitCalculation(calc)).toEqual({ formula: '( referencePrice + 10 ) * 1.2' });
  });

  it('reads a sum over a table, with or without its field', () => {
    expect(calculationOf('SUM(qm_line.weight)')).toEqual({ mode: 'sum', table: 'qm_line', field: 'weight' });
    expect(calculationOf('SUM(qm_line)')).toEqual({ mode: 'sum', table: 'qm_line', field: null });
  });

  it('starts an empty set-up from nothing', () => {
    expect(calculationOf(null)).toEqual({ mode: 'expression', steps: [] });
  });
});
