import { describe, expect, it } from 'vitest';
import { toleranceOf, trainTotals, wagonAmount, wagonFigures, wagonNotPostable, type LossTerms } from './rules';

const permille = (allowance: string, handling: LossTerms['handling'] = 'CHARGE'): LossTerms => ({ basis: 'PERMILLE', allowance, handling });

describe('a wagon\'s loss against its waybill', () => {
  it('net is gross less tare; loss is waybill less net; 2‰ of 60.5 t allows 0.121 t', () => {
    expect(wagonFigures({ gross: '83.46', tare: '23.2', waybill: '60.5' }, permille('2'))).toEqual({
      net: '60.260', loss: '0.240', tolerance: '0.121', overLoss: '0.119', charged: '0.119', flagged: true,
    });
  });
  it('rounds the permille allowance half up to the kg: 1.5‰ of 61.3 t is 0.09195 -> 0.092', () => {
    expect(toleranceOf(permille('1.5'), '61.3').toFixed(3)).toBe('0.092');
  });
  it('a loss within the allowance costs nothing; a gain is a negative loss', () => {
    expect(wagonFigures({ gross: '84', tare: '23.6', waybill: '60.5' }, permille('2'))).toMatchObject({ net: '60.400', loss: '0.100', tolerance: '0.121', overLoss: '0.000', charged: '0.000', flagged: false });
    expect(wagonFigures({ gross: '84', tare: '23', waybill: '60.5' }, permille('2'))).toMatchObject({ net: '61.000', loss: '-0.500', overLoss: '0.000', flagged: false });
  });
  it('tons per wagon: 0.2 t allowed; FLAG marks what lies beyond and charges nothing', () => {
    expect(wagonFigures({ gross: '80', tare: '20', waybill: '60.35' }, { basis: 'TONS', allowance: '0.2', handling: 'FLAG' }))
      .toEqual({ net: '60.000', loss: '0.350', tolerance: '0.200', overLoss: '0.150', charged: '0.000', flagged: true });
  });
  it('no loss terms: every kg lost is beyond the tolerance', () => {
    expect(wagonFigures({ gross: '80', tare: '20', waybill: '60.01' }, { basis: null, allowance: null, handling: 'CHARGE' }))
      .toMatchObject({ tolerance: '0.000', overLoss: '0.010', charged: '0.010' });
  });
  it('without a waybill only the net; not weighed, nothing', () => {
    expect(wagonFigures({ gross: '80', tare: '20', waybill: null }, permille('2'))).toMatchObject({ net: '60.000', loss: null, tolerance: null });
    expect(wagonFigures({ gross: null, tare: '20', waybill: '60' }, permille('2')).net).toBeNull();
  });
});

describe('a train\'s totals', () => {
  it('sums each figure over its wagons and counts those beyond tolerance', () => {
    const terms = permille('2');
    const wagons = [
      { gross: '83.46', tare: '23.2', waybill: '60.5' },
      { gross: '84', tare: '23.6', waybill: '60.5' },
      { gross: null, tare: '23', waybill: '60' },
    ].map((w) => ({ ...w, figures: wagonFigures(w, terms) }));
    expect(trainTotals(wagons)).toEqual({
      wagons: 3, gross: '167.460', tare: '69.800', net: '120.660', waybill: '181.000', loss: '0.340', tolerance: '0.242', overLoss: '0.119', charged: '0.119', flagged: 1,
    });
  });
});

describe('a wagon that cannot be posted', () => {
  it('names what it lacks', () => {
    expect(wagonNotPostable('K1', { wagonNo: 'C64-1', gross: null, tare: '20', materialId: '1' })?.field).toBe('gross');
    expect(wagonNotPostable('K1', { wagonNo: 'C64-1', gross: '80', tare: null, materialId: '1' })?.message).toBe('车次 K1 车号 C64-1 没有皮重（标重或过磅），不能审核');
    expect(wagonNotPostable('K1', { wagonNo: 'C64-1', gross: '80', tare: '20', materialId: null })?.field).toBe('materialId');
    expect(wagonNotPostable('K1', { wagonNo: 'C64-1', gross: '80', tare: '20', materialId: '1' })).toBeNull();
  });
});

describe('a wagon\'s amount (migration 105)', () => {
  it('is (net - the charged loss, not below 0) x the stamped price, half up at the money decimals; none without a price', () => {
    // 60.26 - 0.119 = 60.141 x 187.35 = 11267.41635 -> 11267.42
    expect(wagonAmount('CGHC1', 'C64-1', '60.26', '0.119', '187.35', 2)).toEqual({ ok: true, amount: '11267.42' });
    expect(wagonAmount('CGHC1', 'C64-1', '60.26', null, '187.35', 0)).toEqual({ ok: true, amount: '11290' });
    expect(wagonAmount('CGHC1', 'C64-1', '0.1', '0.2', '187.35', 2)).toEqual({ ok: true, amount: '0' });
    expect(wagonAmount('CGHC1', 'C64-1', '60.26', '0', null, 2)).toEqual({ ok: true, amount: null });
  });

  it('refuses an amount no money column holds, naming the wagon and the price', () => {
    expect(wagonAmount('CGHC1', 'C64-1', '99999999999.999', '0', '100000', 2)).toEqual({
      ok: false, field: 'ids', message: '车次 CGHC1 车号 C64-1：单价 100000 过大，金额不能大于或等于1000万亿',
    });
  });
});
