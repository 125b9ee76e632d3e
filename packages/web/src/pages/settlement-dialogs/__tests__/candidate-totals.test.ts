import { describe, expect, it } from 'vitest';
import { chosenTotals } from '../candidate-totals';

const c = (id: string, quantity: string, amount: string) => ({ id, quantity, amount });

describe('the candidates popup\'s figures', () => {
  it('the chosen tickets are counted and their rows\' quantities and amounts summed as decimals, the others left out', () => {
    // 31.95 t x 38 = 1214.1 (the lesser of our 31.99 and the shipped 31.95): the server's row, not net x price
    const rows = [c('1', '31.95', '1214.1'), c('2', '24.5', '7350'), c('3', '0.1', '0.07')];
    expect(chosenTotals(rows, new Set(['1', '3']))).toEqual({ count: 2, quantity: '32.05', amount: '1214.17' });
    expect(chosenTotals(rows, new Set())).toEqual({ count: 0, quantity: '0', amount: '0.00' });
  });
});
