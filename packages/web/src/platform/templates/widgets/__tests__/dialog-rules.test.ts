import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { CALC_MESSAGES, expressionText, isCompleteExpression, newStep, submitCalculation } from '../calculation/calculation';
import { clampSampleCount, DEFAULT_ASSAY_ITEMS, formatDialogDate } from '../dialogs/dialog-rules';

const steps = (...values: string[]) => values.map((v) => newStep(/^[-+*/()]$/.test(v) ? 'operator' : 'operand', v));

describe('calculation set-up', () => {
  it('writes the ordered steps as an expression', () => {
    const s = steps('(', 'price', '*', 'quantity', ')', '/', '1.13');
    expect(expressionText(s)).toBe('( price * quantity ) / 1.13');
    expect(submitCalculation({ mode: 'expression', steps: s })).toEqual({ formula: '( price * quantity ) / 1.13' });
  });
  it('refuses an incomplete expression', () => {
    expect(isCompleteExpression(steps('price', '*'))).toBe(false);
    expect(isCompleteExpression(steps('(', 'price'))).toBe(false);
    expect(isCompleteExpression([])).toBe(false);
  });
  it("needs a table to total: '请选择合计表！'", () => {
    expect(submitCalculation({ mode: 'sum', table: null, field: null })).toEqual({ problem: CALC_MESSAGES.chooseTable });
    expect(CALC_MESSAGES.chooseTable).toBe('请选择合计表！');
    expect(submitCalculation({ mode: 'sum', table: 'pu_weigh', field: 'suttle' })).toEqual({ formula: 'SUM(pu_weigh.suttle)' });
  });
});

describe('date and sample-count dialog', () => {
  it('keeps the sample count between 0 and 500, 1 by default', () => {
    expect(clampSampleCount(-3)).toBe(0);
    expect(clampSampleCount(501)).toBe(500);
    expect(clampSampleCount('x')).toBe(1);
    expect(clampSampleCount(12.4)).toBe(12);
  });
  it('formats dates as yyyyMMdd unless told otherwise', () => {
    expect(formatDialogDate(dayjs('2026-11-21'))).toBe('20261121');
    expect(formatDialogDate(dayjs('2026-11-21'), 'yyyy-MM-dd')).toBe('2026-11-21');
    expect(formatDialogDate(null)).toBeNull();
  });
});

describe('assay items', () => {
  it('default to water, Si, S, C and strength, codes 001 to 005', () => {
    expect(DEFAULT_ASSAY_ITEMS.map((i) => [i.code, i.nameEn])).toEqual([['001', 'Water'], ['002', 'Si'], ['003', 'S'], ['004', 'C'], ['005', 'Strength']]);
  });
});
