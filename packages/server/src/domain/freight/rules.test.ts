import { describe, expect, it } from 'vitest';
import { freightOfTicket, keyProblems, lossProblem, pickFreightPrice, specificity, windowProblem, type FreightPick, type FreightTerms } from './rules';

const terms = (o: Partial<FreightTerms> = {}): FreightTerms => ({
  basis: 'OUR_NET', chargeMode: 'TON', price: '30', taxRate: null, distanceKm: null, lossMode: null, lossValue: null, ...o,
});
const trip = (o: Partial<{ shipped: string | null; net: string; distanceKm: string | null; goodsPrice: string }> = {}) => ({ shipped: '31', net: '30', goodsPrice: '500', ...o });

describe('freightOfTicket', () => {
  it('charges per ton on the basis weight: our net, the shipped quantity, or the lesser', () => {
    expect(freightOfTicket(terms(), trip()).freight).toBe('900');
    expect(freightOfTicket(terms({ basis: 'SHIPPED' }), trip()).basisWeight).toBe('31');
    expect(freightOfTicket(terms({ basis: 'SHIPPED' }), trip()).freight).toBe('930');
    expect(freightOfTicket(terms({ basis: 'LESSER' }), trip()).basisWeight).toBe('30');
    expect(freightOfTicket(terms({ basis: 'LESSER' }), trip({ shipped: '29.5' })).basisWeight).toBe('29.5');
    // a basis that needs the shipped quantity falls back to our net without one
    expect(freightOfTicket(terms({ basis: 'SHIPPED' }), trip({ shipped: null })).basisWeight).toBe('30');
  });

  it('charges per trip whatever the weight, and per ton-km by the ticket\'s distance or the price\'s', () => {
    expect(freightOfTicket(terms({ chargeMode: 'TRIP', price: '650' }), trip()).freight).toBe('650');
    expect(freightOfTicket(terms({ chargeMode: 'TON_KM', price: '0.45', distanceKm: '120' }), trip()).freight).toBe('1620');
    expect(freightOfTicket(terms({ chargeMode: 'TON_KM', price: '0.45', distanceKm: '120' }), trip({ distanceKm: '100' })).freight).toBe('1350');
    expect(freightOfTicket(terms({ chargeMode: 'TON_KM', price: '0.45' }), trip()).freight).toBe('0');
  });

  it('charges nothing for a loss within the tolerance, and the shortage beyond it at the goods\' price', () => {
    // 1 t short of 31 shipped; 5 % of 31 = 1.55 t allowed
    const within = freightOfTicket(terms({ lossMode: 'PERCENT', lossValue: '5' }), trip());
    expect(within).toMatchObject({ loss: '1', tolerance: '1.55', shortage: '0', lossCharge: '0', payable: '900' });
    // 2 % of 31 = 0.62 t allowed: 0.38 t short at 500 = 190
    const beyond = freightOfTicket(terms({ lossMode: 'PERCENT', lossValue: '2' }), trip());
    expect(beyond).toMatchObject({ loss: '1', tolerance: '0.62', shortage: '0.38', lossCharge: '190', payable: '710' });
    // 200 kg a trip allowed: 0.8 t short at 500 = 400
    const kg = freightOfTicket(terms({ lossMode: 'KG', lossValue: '200' }), trip());
    expect(kg).toMatchObject({ tolerance: '0.2', shortage: '0.8', lossCharge: '400', payable: '500' });
    // no tolerance agreed: every ton short is charged; a gain is no loss
    expect(freightOfTicket(terms(), trip()).lossCharge).toBe('500');
    expect(freightOfTicket(terms(), trip({ shipped: '29' })).loss).toBe('0');
    expect(freightOfTicket(terms(), trip({ shipped: null })).lossCharge).toBe('0');
  });

  it('splits the tax out of the freight, to 3 decimals', () => {
    const row = freightOfTicket(terms({ taxRate: '9' }), trip());
    expect(row).toMatchObject({ freight: '900', freightWithoutTax: '825.688', freightTax: '74.312' });
    expect(freightOfTicket(terms({ price: '33.3333' }), trip({ net: '0.337', shipped: null })).freight).toBe('11.233');
  });

  it('a zero quantity earns nothing by the ton and divides by nothing', () => {
    const row = freightOfTicket(terms({ taxRate: '9' }), trip({ net: '0', shipped: '0' }));
    expect(row).toEqual({ basisWeight: '0', freight: '0', freightWithoutTax: '0', freightTax: '0', loss: '0', tolerance: '0', shortage: '0', lossCharge: '0', payable: '0' });
    expect(freightOfTicket(terms({ lossMode: 'PERCENT', lossValue: '1' }), trip({ net: '0', shipped: '0' })).tolerance).toBe('0');
  });
});

const at = new Date('2026-11-25T10:00:00Z');
let n = 0;
const price = (o: Partial<FreightPick>): FreightPick => ({
  ...terms(), id: String(++n), priceNo: `YFJG${String(n).padStart(4, '0')}`, contractId: null, carrierId: null, routeId: null, region: null,
  materialId: null, materialClassId: null, from: new Date('2026-11-01T00:00:00Z'), to: null, label: '', ...o,
});
const keys = { carrierId: 'c1', routeId: 'r1', region: 'east', materialId: 'm1', materialClassId: 'k1' };

describe('pickFreightPrice', () => {
  it('the most specific match wins, a finer key over a coarser one, then the latest, then the later number', () => {
    const general = price({ price: '10' });
    const carrier = price({ carrierId: 'c1' });
    const carrierRoute = price({ carrierId: 'c1', routeId: 'r1' });
    const carrierRegion = price({ carrierId: 'c1', region: 'east' });
    expect(pickFreightPrice([general, carrier], keys, at)).toBe(carrier);
    expect(pickFreightPrice([general, carrierRegion, carrier], keys, at)).toBe(carrierRegion);
    expect(pickFreightPrice([carrierRoute, carrierRegion], keys, at)).toBe(carrierRoute);
    const later = price({ carrierId: 'c1', routeId: 'r1', from: new Date('2026-11-20T00:00:00Z') });
    expect(pickFreightPrice([carrierRoute, later], keys, at)).toBe(later);
    const sameTime = price({ carrierId: 'c1', routeId: 'r1', from: later.from });
    expect(pickFreightPrice([sameTime, later], keys, at)).toBe(sameTime);
  });

  it('a key that differs or the trip does not know never matches; an expired or future price is ignored', () => {
    expect(pickFreightPrice([price({ carrierId: 'c2' })], keys, at)).toBeNull();
    expect(pickFreightPrice([price({ materialId: 'm1' })], { ...keys, materialId: null }, at)).toBeNull();
    expect(pickFreightPrice([price({ to: at })], keys, at)).toBeNull();
    expect(pickFreightPrice([price({ from: new Date(at.getTime() + 1) })], keys, at)).toBeNull();
    expect(specificity(price({ materialClassId: 'k1', region: 'east' }), keys)).toEqual([2, 0]);
  });
});

describe('checks', () => {
  it('refuses a window ending before it begins, both place keys, both goods keys, a loss mode without its value', () => {
    expect(windowProblem('2026-11-02', '2026-11-01')).toBe('失效时间必须晚于生效时间');
    expect(windowProblem('2026-11-01', null)).toBeNull();
    expect(keyProblems({ routeId: '1', region: 'x', materialId: '2', materialClassId: '3' }).map((p) => p.field)).toEqual(['region', 'materialClassId']);
    expect(lossProblem('PERCENT', null)?.field).toBe('lossValue');
    expect(lossProblem(null, '2')?.field).toBe('lossMode');
    expect(lossProblem(null, null)).toBeNull();
  });
});
