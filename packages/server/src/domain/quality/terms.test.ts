import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { judgeSample, ticketQuality, type QualityTerm } from './terms';

const moisture = (over: Partial<QualityTerm> = {}): QualityTerm => ({
  itemCode: '001', itemName: '水分', standardValue: '8', direction: 'MAX', deductStep: '1', deductPercent: '1', deductBasis: 'NET',
  bandStep: null, bandPrice: null, bandMode: 'STEP', rejectLimit: null, ...over,
});
const calorific = (over: Partial<QualityTerm> = {}): QualityTerm => ({
  itemCode: 'Q', itemName: '发热量', standardValue: '5000', direction: 'MIN', deductStep: null, deductPercent: null, deductBasis: 'NET',
  bandStep: '100', bandPrice: '5', bandMode: 'STEP', rejectLimit: '4000', ...over,
});

describe('quality terms', () => {
  it('deducts net x (Mt - standard) / 100 on the net basis', () => {
    const j = judgeSample([moisture()], [{ itemCode: '001', value: '10.5' }]);
    expect(j.deductShare.toFixed()).toBe('0.025');
    expect(ticketQuality(j, new Decimal('33.82'), 2).deduction.toFixed()).toBe('0.8455');
  });

  it('deducts net x (Mt - standard) / (100 - standard) on the dry basis', () => {
    const j = judgeSample([moisture({ deductBasis: 'DRY', standardValue: '12' })], [{ itemCode: '001', value: '14.2' }]);
    // 2.2 / 88 = 0.025 exactly
    expect(j.deductShare.toFixed()).toBe('0.025');
    expect(ticketQuality(j, new Decimal('40'), 2).deduction.toFixed()).toBe('1');
  });

  it('scales the deduction by step and percent, and deducts nothing at or below the standard', () => {
    expect(judgeSample([moisture({ deductStep: '0.5', deductPercent: '2' })], [{ itemCode: '001', value: '9' }]).deductShare.toFixed()).toBe('0.04');
    expect(judgeSample([moisture()], [{ itemCode: '001', value: '8' }]).deductShare.toFixed()).toBe('0');
    expect(judgeSample([moisture()], [{ itemCode: '001', value: '6' }]).deductShare.toFixed()).toBe('0');
  });

  it('moves the price by whole band steps both ways, toward the standard', () => {
    const at = (v: string, over: Partial<QualityTerm> = {}) => judgeSample([calorific(over)], [{ itemCode: 'Q', value: v }]).priceAdjust.toFixed();
    expect(at('5250')).toBe('10');
    expect(at('4990')).toBe('0');
    expect(at('4850')).toBe('-5');
    expect(at('4850', { bandMode: 'PROPORTIONAL' })).toBe('-7.5');
  });

  it('lowers the price of a MAX item above its standard', () => {
    const sulphur = moisture({ itemCode: 'S', deductStep: null, deductPercent: null, standardValue: '1', bandStep: '0.1', bandPrice: '3' });
    expect(judgeSample([sulphur], [{ itemCode: 'S', value: '1.25' }]).priceAdjust.toFixed()).toBe('-6');
  });

  it('flags a value beyond the reject limit', () => {
    expect(judgeSample([calorific()], [{ itemCode: 'Q', value: '3999' }]).rejected).toBe(true);
    expect(judgeSample([calorific()], [{ itemCode: 'Q', value: '4000' }]).rejected).toBe(false);
    expect(judgeSample([moisture({ rejectLimit: '15' })], [{ itemCode: '001', value: '15.1' }]).rejected).toBe(true);
  });

  it('adds the items together and names the items without a result', () => {
    const j = judgeSample([moisture(), calorific(), moisture({ itemCode: 'A', itemName: '灰分' })], [{ itemCode: '001', value: '9' }, { itemCode: 'Q', value: '5100' }]);
    expect(j.deductShare.toFixed()).toBe('0.01');
    expect(j.priceAdjust.toFixed()).toBe('5');
    expect(j.missing).toEqual(['A']);
  });

  it('gives 0 for a division by zero and never deducts more than the net', () => {
    expect(judgeSample([moisture({ deductBasis: 'DRY', standardValue: '100' })], [{ itemCode: '001', value: '101' }]).deductShare.toFixed()).toBe('0');
    expect(judgeSample([moisture({ deductPercent: '100' })], [{ itemCode: '001', value: '30' }]).deductShare.toFixed()).toBe('1');
  });

  it('rounds the price change to the unit price decimals', () => {
    const j = judgeSample([calorific({ bandMode: 'PROPORTIONAL', bandPrice: '1' })], [{ itemCode: 'Q', value: '5033.333' }]);
    expect(ticketQuality(j, new Decimal(1), 2).priceAdjust.toFixed()).toBe('0.33');
  });
});
