import { describe, expect, it } from 'vitest';
import type { Candidate } from '../api';
import { candidateAmount, chosenTotals } from '../candidate-totals';

const c = (id: string, net: string, price: string | null, qualityPriceAdjust = '0'): Candidate => ({
  id, ticketNo: `T${id}`, completedAt: '2026-11-25T08:00:00Z', plateNumber: '浙E00000', materialName: '石灰石', net, price, qualityPriceAdjust,
});

describe('the candidates popup\'s figures', () => {
  it('a candidate\'s amount is its net times its price plus the quality adjustment, half up at 2 decimals, as decimals', () => {
    expect(candidateAmount(c('1', '25', '300'))).toBe('7500.00');
    expect(candidateAmount(c('1', '24.335', '0.1', '0.2'))).toBe('7.30');
    expect(candidateAmount(c('1', '0.1', '0.2'))).toBe('0.02');
    expect(candidateAmount(c('1', '25', null))).toBe('0.00');
  });

  it('the chosen tickets are counted and summed, the others left out', () => {
    const rows = [c('1', '25', '300'), c('2', '24.5', '300'), c('3', '0.1', '0.7')];
    expect(chosenTotals(rows, new Set(['1', '3']))).toEqual({ count: 2, net: '25.1', amount: '7500.07' });
    expect(chosenTotals(rows, new Set())).toEqual({ count: 0, net: '0', amount: '0.00' });
  });
});
