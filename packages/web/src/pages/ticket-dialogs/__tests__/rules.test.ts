import { describe, expect, it } from 'vitest';
import { deductionInputs, deductionsBody, hiddenDeduction } from '../deduction-rows';
import { evenParts, isPartValue, sumParts } from '../split-parts';

describe('the 拆分 dialog’s parts', () => {
  it('add up only when their sum is the net and each is above zero', () => {
    expect(sumParts(['20', '5'], '25.0000')).toEqual({ sum: '25', difference: '0', addsUp: true });
    expect(sumParts(['20', '4'], '25.0000')).toEqual({ sum: '24', difference: '1', addsUp: false });
    expect(sumParts(['25', '0'], '25')).toMatchObject({ addsUp: false });
    expect(sumParts(['20', 'x'], '25')).toEqual({ sum: null, difference: null, addsUp: false });
    // decimals, never floats: 0.1 + 0.2 is 0.3
    expect(sumParts(['0.1', '0.2'], '0.3')).toMatchObject({ addsUp: true });
  });

  it('are shared evenly in the net’s decimals, the last taking the rest', () => {
    expect(evenParts('25.0000', 2)).toEqual(['12.5', '12.5']);
    expect(evenParts('25', 3)).toEqual(['8.33', '8.33', '8.34']);
    expect(evenParts('10.125', 4)).toEqual(['2.531', '2.531', '2.531', '2.532']);
    expect(sumParts(evenParts('24.37', 7), '24.37').addsUp).toBe(true);
    expect(evenParts(null, 2)).toEqual(['', '']);
  });

  it('take at most 4 decimals, as the split call does', () => {
    expect(isPartValue('12.3456')).toBe(true);
    expect(isPartValue('12.34567')).toBe(false);
    expect(isPartValue('-1')).toBe(false);
  });
});

describe('the 扣重 dialog’s rows', () => {
  const stored = [
    { kind: 'WATER', mode: 'RATE' as const, value: '2.0000', amount: '0.5000' },
    { kind: 'IMPURITY', mode: 'AMOUNT' as const, value: '0.3000', amount: '0.3000' },
    { kind: 'HIDDEN', mode: 'AMOUNT' as const, value: '0.0500', amount: '0.0500' },
  ];

  it('fills every kind the deduct call takes with the ticket’s own, the hidden one apart', () => {
    const rows = deductionInputs(stored);
    expect(rows.map((r) => r.kind)).toEqual(['water', 'impurity', 'detritus', 'stone', 'other', 'quality']);
    expect(rows[0]).toEqual({ kind: 'water', mode: 'rate', value: '2' });
    expect(rows[1]).toEqual({ kind: 'impurity', mode: 'amount', value: '0.3' });
    expect(rows[2]).toEqual({ kind: 'detritus', mode: 'amount', value: '' });
    expect(hiddenDeduction(stored)).toBe('0.05');
  });

  it('sends the kinds with a value, a rate as a rate, and drops an emptied one', () => {
    const rows = deductionInputs(stored).map((r) => (r.kind === 'impurity' ? { ...r, value: ' ' } : r.kind === 'stone' ? { ...r, value: '0.2' } : r));
    expect(deductionsBody(rows)).toEqual([{ kind: 'water', rate: '2' }, { kind: 'stone', amount: '0.2' }]);
  });
});
