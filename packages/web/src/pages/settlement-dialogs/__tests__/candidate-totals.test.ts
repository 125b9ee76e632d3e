import { describe, expect, it } from 'vitest';
import { candidateLines, chosenIds, chosenTotals } from '../candidate-totals';

const c = (id: string, quantity: string, amount: string) => ({ id, quantity, amount });

describe('the candidates popup\'s figures', () => {
  it('the chosen tickets are counted and their rows\' quantities and amounts summed as decimals, the others left out', () => {
    // 31.95 t x 38 = 1214.1 (the lesser of our 31.99 and the shipped 31.95): the server's row, not net x price
    const rows = [c('1', '31.95', '1214.1'), c('2', '24.5', '7350'), c('3', '0.1', '0.07')];
    expect(chosenTotals(rows, new Set(['1', '3']))).toEqual({ count: 2, quantity: '32.05', volume: '0', amount: '1214.17' });
    expect(chosenTotals(rows, new Set())).toEqual({ count: 0, quantity: '0', volume: '0', amount: '0.00' });
  });

  it('never adds the m3 of a row priced per m3 gauged to the tons: two figures, the amounts added', () => {
    // 25 t at 10 = 250; 17.331 m3 at 45.5 = 788.56
    const rows = [c('1', '25', '250'), { ...c('2', '17.331', '788.56'), priceBasis: 'VOLUME' as const }];
    expect(chosenTotals(rows, new Set(['1', '2']))).toEqual({ count: 2, quantity: '25', volume: '17.331', amount: '1038.56' });
    expect(chosenTotals(rows, new Set(['2']))).toEqual({ count: 1, quantity: '0', volume: '17.331', amount: '788.56' });
  });
});

describe('the picker\'s lines: tickets and wagons (轨道衡)', () => {
  it('keys a ticket and a wagon of the same id apart, and sends each chosen one under its own list', () => {
    const ticket = { id: '5', ticketNo: 'CG1', completedAt: '2026-11-28T08:00:00Z', plateNumber: '浙E1', materialName: '煤', basis: 'OUR_NET' as const, net: '25', grossNet: '25',
      shipped: null, basisQuantity: '25', qualityDeduction: '0', deductions: {}, quantity: '25', price: '10', qualityPriceAdjust: '0', unitPrice: '10', taxRate: '0',
      amount: '250', tax: '0', amountExTax: '250', basisText: '我方净重 25；无扣重' };
    const wagon = { id: '5', ticketNo: 'CGHC1/C64-1', trainNo: 'CGHC1', wagonNo: 'C64-1', completedAt: '2026-11-28T06:00:00Z', materialName: '煤', contractNo: 'HT1',
      net: '60.26', waybill: '60.5', charged: '0.119', deductions: { LOSS: '0.119' }, quantity: '60.141', price: '187.35', unitPrice: '187.35', taxRate: '13',
      amount: '11267.42', tax: '1296.25', amountExTax: '9971.17', basisText: '我方净重 60.26；超耗扣重 0.119' };
    const lines = candidateLines({ rows: [ticket], wagons: [wagon] });
    expect(lines.map((l) => [l.key, l.ticketNo, l.plateNumber, l.shipped, l.quantity])).toEqual([['t:5', 'CG1', '浙E1', null, '25'], ['w:5', 'CGHC1/C64-1', 'C64-1', '60.5', '60.141']]);
    expect(chosenIds(lines, new Set(['w:5']))).toEqual({ ticketIds: [], wagonIds: ['5'] });
    expect(chosenIds(lines, new Set(['t:5', 'w:5']))).toEqual({ ticketIds: ['5'], wagonIds: ['5'] });
    expect(chosenTotals(lines.map((l) => ({ ...l, id: l.key })), new Set(['t:5', 'w:5']))).toEqual({ count: 2, quantity: '85.141', volume: '0', amount: '11517.42' });
  });
});
