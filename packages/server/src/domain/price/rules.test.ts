import { describe, expect, it } from 'vitest';
import { inWindow, lineBasis, pickRule, specificity, targetProblem, TARGET_MESSAGE, type PriceRule, type RuleKeys } from './rules';

const T = (h: number, d = 25) => new Date(Date.UTC(2026, 10, d, h));
let n = 0;
const rule = (o: Partial<PriceRule>): PriceRule => ({
  id: String(++n), ruleNo: `JG${String(n).padStart(4, '0')}`, price: '100', taxRate: null,
  partyId: null, routeId: null, transport: null, packing: null, from: T(0, 1), to: null, ...o,
});
const truck: RuleKeys = { partyId: 'C1', routeId: 'R1', transport: 'ROAD', packing: 'BULK' };

describe('specificity', () => {
  it('counts the keys a matching rule sets', () => {
    expect(specificity(rule({}), truck)).toBe(0);
    expect(specificity(rule({ partyId: 'C1' }), truck)).toBe(1);
    expect(specificity(rule({ partyId: 'C1', routeId: 'R1', transport: 'ROAD', packing: 'BULK' }), truck)).toBe(4);
  });
  it('a set key that differs never matches, however many others match', () => {
    expect(specificity(rule({ partyId: 'C2' }), truck)).toBeNull();
    expect(specificity(rule({ partyId: 'C1', routeId: 'R1', transport: 'ROAD', packing: 'BAG' }), truck)).toBeNull();
  });
  it('a set key the truck does not know never matches', () => {
    expect(specificity(rule({ routeId: 'R1' }), { ...truck, routeId: null })).toBeNull();
  });
});

describe('inWindow', () => {
  it('holds its from and not its to', () => {
    const r = rule({ from: T(8), to: T(12) });
    expect(inWindow(r, T(8))).toBe(true);
    expect(inWindow(r, new Date(T(12).getTime() - 1))).toBe(true);
    expect(inWindow(r, T(12))).toBe(false);
    expect(inWindow(r, new Date(T(8).getTime() - 1))).toBe(false);
  });
  it('an open end runs on', () => {
    expect(inWindow(rule({ from: T(8), to: null }), T(8, 28))).toBe(true);
  });
});

describe('pickRule', () => {
  it('nothing matches: null', () => {
    expect(pickRule([], truck, T(10))).toBeNull();
    expect(pickRule([rule({ partyId: 'C2' }), rule({ from: T(11) })], truck, T(10))).toBeNull();
  });
  it('the most specific match wins over a more recent general one', () => {
    const general = rule({ price: '100', from: T(9) });
    const forCustomer = rule({ price: '90', partyId: 'C1', from: T(0, 1) });
    expect(pickRule([general, forCustomer], truck, T(10))?.price).toBe('90');
    expect(pickRule([forCustomer, general], truck, T(10))?.price).toBe('90');
  });
  it('more matching keys first, whichever keys they are', () => {
    const two = rule({ price: '80', routeId: 'R1', packing: 'BULK' });
    const one = rule({ price: '90', partyId: 'C1' });
    expect(pickRule([one, two], truck, T(10))?.price).toBe('80');
  });
  it('a more specific rule that differs in one key is passed over for a general one', () => {
    const general = rule({ price: '100' });
    const other = rule({ price: '70', partyId: 'C1', routeId: 'R2' });
    expect(pickRule([other, general], truck, T(10))?.price).toBe('100');
  });
  it('equally specific: the latest effective-from', () => {
    const old = rule({ price: '100', partyId: 'C1', from: T(0, 1) });
    const newer = rule({ price: '110', partyId: 'C1', from: T(12) });
    expect(pickRule([newer, old], truck, T(11))?.price).toBe('100');
    expect(pickRule([newer, old], truck, T(12))?.price).toBe('110');
    expect(pickRule([old, newer], truck, T(13))?.price).toBe('110');
  });
  it('a rule whose window has ended no longer prices, the earlier one takes over', () => {
    const base = rule({ price: '100', from: T(0, 1) });
    const promo = rule({ price: '95', from: T(8), to: T(12) });
    expect(pickRule([base, promo], truck, T(9))?.price).toBe('95');
    expect(pickRule([base, promo], truck, T(12))?.price).toBe('100');
    expect(pickRule([base, promo], truck, T(7))?.price).toBe('100');
  });
  it('ties (same keys, same from): the later rule number, in any order', () => {
    const a = rule({ price: '100', ruleNo: 'JG20261125-0009', from: T(8) });
    const b = rule({ price: '105', ruleNo: 'JG20261125-0010', from: T(8) });
    expect(pickRule([a, b], truck, T(9))?.price).toBe('105');
    expect(pickRule([b, a], truck, T(9))?.price).toBe('105');
  });
  it('a truck that knows no keys is priced by the general rules only', () => {
    const general = rule({ price: '100' });
    const bag = rule({ price: '120', packing: 'BAG' });
    expect(pickRule([bag, general], { partyId: null, routeId: null, transport: null, packing: null }, T(10))?.price).toBe('100');
  });
});

describe('adjustment rules', async () => {
  const { endOfReplacement, windowProblem, withdrawProblem } = await import('./rules');
  it('a window must end after it begins', () => {
    expect(windowProblem('2026-11-25T10:00:00Z', '2026-11-25T10:00:00Z')).toBe('失效时间必须晚于生效时间');
    expect(windowProblem('2026-11-25T10:00:00Z', '2026-11-25T09:00:00Z')).toBe('失效时间必须晚于生效时间');
    expect(windowProblem('2026-11-25T10:00:00Z', '2026-11-25T10:00:01Z')).toBeNull();
    expect(windowProblem('2026-11-25T10:00:00Z', null)).toBeNull();
  });
  it('withdrawn only before its effective time', () => {
    expect(withdrawProblem('TJ1', T(12), T(11))).toBeNull();
    expect(withdrawProblem('TJ1', T(12), T(12))).toContain('已于');
    expect(withdrawProblem('TJ1', T(12), T(13))).toContain('不能反审核');
  });
  it('the new rule keeps the end of the one rule it replaces, else runs on', () => {
    expect(endOfReplacement([T(0, 30)])).toEqual(T(0, 30));
    expect(endOfReplacement([null])).toBeNull();
    expect(endOfReplacement([])).toBeNull();
    expect(endOfReplacement([T(0, 30), null])).toBeNull();
  });
});

describe('targetProblem', () => {
  it('wants a material or a computation group, never both nor neither', () => {
    expect(targetProblem('7', null)).toBeNull();
    expect(targetProblem(undefined, '3')).toBeNull();
    expect(targetProblem('7', '3')).toBe(TARGET_MESSAGE);
    expect(targetProblem(null, '')).toBe(TARGET_MESSAGE);
  });
});

describe('a price adjustment line\'s basis (096)', () => {
  const sand = { kind: 'material' as const, name: '河砂', gauged: true };
  const coal = { kind: 'material' as const, name: '原煤', gauged: false };
  it('defaults from its target: a material gauged by volume per m3, any other per ton', () => {
    expect(lineBasis(null, sand)).toEqual({ ok: true, basis: 'VOLUME' });
    expect(lineBasis(undefined, coal)).toEqual({ ok: true, basis: 'NET' });
    expect(lineBasis('NET', sand)).toEqual({ ok: true, basis: 'NET' });
  });
  it('refuses a price per m3 on a target not gauged, naming it', () => {
    expect(lineBasis('VOLUME', coal)).toEqual({ ok: false, message: '物料 原煤 不按方计量，不能按检尺方量计价（请在物料档案中勾选"按方计量"，或按净重计价）' });
    expect(lineBasis('VOLUME', { kind: 'group', name: '砂石', gauged: false })).toEqual({ ok: false, message: '计算组 砂石 有不按方计量的物料，不能按检尺方量计价' });
  });
});
