import { describe, expect, it } from 'vitest';
import { calculatedValue } from '../calculated';

describe('a calculated field', () => {
  const values: Record<string, unknown> = { referencePrice: 87.5, rate: '0.2' };
  it('evaluates an expression over the form\'s fields', () => {
    expect(calculatedValue('referencePrice * ( 1 + rate )', (n) => values[n])).toBe(105);
  });
  it('totals a child table\'s column for SUM(table.field), as the 合计 row does, and counts rows for SUM(table)', () => {
    const rows = { md_line_point: [{ minutes: 10.1 }, { minutes: '20.2' }, { minutes: null }] };
    expect(calculatedValue('SUM(md_line_point.minutes)', () => undefined, rows)).toBe(30.3);
    expect(calculatedValue('SUM(md_line_point)', () => undefined, rows)).toBe(3);
  });
  it('gives 0 for a table the form does not have', () => {
    expect(calculatedValue('SUM(other.weight)', () => undefined, {})).toBe(0);
  });
});
