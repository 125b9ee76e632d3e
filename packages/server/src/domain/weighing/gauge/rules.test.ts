import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { gaugeLoad, gaugeRefusal, pricedQuantity } from './rules';

const sand = { name: '机制砂', gauged: true, density: '1.6500', gaugeToTons: true };

describe('gauging a load', () => {
  it('measures the load itself: length x width x height to three decimals, tons by density', () => {
    // 6.25 x 2.35 x 1.18 = 17.33125 m3 -> 17.331; 17.331 x 1.65 = 28.59615 t -> 28.596
    expect(gaugeLoad({ method: 'LOAD', length: '6.25', width: '2.35', height: '1.18' }, sand))
      .toEqual({ ok: true, volume: '17.331', gap: '0', density: '1.65', tons: '28.596' });
  });

  it('measures the bed less the gap to its rim', () => {
    // 5.6 x 2.3 x (1.5 - 0.35) = 14.812 m3; x 1.65 = 24.4398 -> 24.440
    expect(gaugeLoad({ method: 'BED', length: '5.6', width: '2.3', height: '1.5', gap: '0.35' }, sand))
      .toEqual({ ok: true, volume: '14.812', gap: '0.35', density: '1.65', tons: '24.44' });
  });

  it('rounds the volume half up at the third decimal', () => {
    // 1.005 x 1 x 1.5 = 1.5075 -> 1.508
    expect(gaugeLoad({ method: 'LOAD', length: '1.005', width: '1', height: '1.5' }, { ...sand, gaugeToTons: false }))
      .toMatchObject({ ok: true, volume: '1.508', tons: null });
  });

  it('keeps the volume only where the plant does not turn it into tons', () => {
    expect(gaugeLoad({ method: 'LOAD', length: '2', width: '2', height: '2' }, { ...sand, gaugeToTons: false })).toMatchObject({ volume: '8.000', tons: null });
  });

  it('refuses a gap at or above the bed height', () => {
    expect(gaugeLoad({ method: 'BED', length: '5', width: '2', height: '1.2', gap: '1.2' }, sand)).toMatchObject({ ok: false, field: 'gap' });
    expect(gaugeLoad({ method: 'BED', length: '5', width: '2', height: '1.2', gap: '1.5' }, sand)).toMatchObject({ ok: false, field: 'gap' });
  });

  it('refuses a gap on a measurement of the load itself', () => {
    expect(gaugeLoad({ method: 'LOAD', length: '5', width: '2', height: '1.2', gap: '0.1' }, sand)).toMatchObject({ ok: false, field: 'gap' });
  });

  it('refuses a material not measured by volume, and tons without a density', () => {
    expect(gaugeLoad({ method: 'LOAD', length: '1', width: '1', height: '1' }, { ...sand, gauged: false })).toMatchObject({ ok: false, field: 'id' });
    expect(gaugeLoad({ method: 'LOAD', length: '1', width: '1', height: '1' }, { ...sand, density: null })).toMatchObject({ ok: false, field: 'id' });
  });

  it('refuses a load too small to make a thousandth of a m3', () => {
    expect(gaugeLoad({ method: 'LOAD', length: '0.001', width: '0.001', height: '0.001' }, sand)).toMatchObject({ ok: false, field: 'height' });
  });
});

describe('what a gauging may change', () => {
  it('takes tickets until their audit', () => {
    for (const state of ['FIRST_WEIGHED', 'CONFIRMED', 'COMPLETED']) expect(gaugeRefusal({ ticket_no: 'T1', state, price_basis: 'NET', lock: null })).toBeNull();
    for (const state of ['AUDITED', 'POSTED', 'CLOSED', 'OBSOLETE']) expect(gaugeRefusal({ ticket_no: 'T1', state, price_basis: 'NET', lock: null })).toMatch(/不能检尺/);
  });

  it('refuses a ticket priced per m3 that a document has locked, not one priced per ton', () => {
    const lock = { kind: 'SA_CALCULATION', no: 'XSJS1' };
    expect(gaugeRefusal({ ticket_no: 'T1', state: 'COMPLETED', price_basis: 'VOLUME', lock })).toMatch(/销售计算 XSJS1/);
    expect(gaugeRefusal({ ticket_no: 'T1', state: 'COMPLETED', price_basis: 'NET', lock })).toBeNull();
  });

  it('prices on the gauged volume only when the price is per m3', () => {
    expect(pricedQuantity('NET', '30.5', '17.331')).toEqual(new Decimal('30.5'));
    expect(pricedQuantity('VOLUME', '30.5', '17.331')).toEqual(new Decimal('17.331'));
    expect(pricedQuantity('VOLUME', '30.5', null)).toBeNull();
  });
});
