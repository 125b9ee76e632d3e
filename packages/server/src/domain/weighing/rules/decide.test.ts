import { describe, expect, it } from 'vitest';
import { decideFirstWeighing, type FirstWeighingInput } from './decide-first';
import { decideSecondWeighing, type SecondWeighingInput } from './decide-second';
import { NOW, T, context, hoursAgo, material, minutesAgo, params, vehicle } from './fixtures.test-support';
import type { WeighingRecord } from './snapshot';

const first = (over: Partial<FirstWeighingInput> = {}): FirstWeighingInput => ({
  ...context(), source: { kind: 'scale', weight: T('49.02'), stable: true }, openTicket: null, ...over,
});

const grossRecord: WeighingRecord = { side: 'gross', weight: T('49.02'), source: 'scale', stable: true, at: minutesAgo(40) };

const second = (over: Partial<SecondWeighingInput> = {}): SecondWeighingInput => ({
  ...context(),
  history: { previousReading: { side: 'gross', weight: T('49.02'), at: minutesAgo(40), sameTicket: true }, recentReadings: [] },
  ticket: {
    code: 'CGBD202611210001', state: 'firstWeighed', uploaded: false, sceneConfirm: false, returned: false, isReturn: false, hasFirstWeighing: true,
    first: grossRecord, deductions: [],
  },
  source: { kind: 'scale', weight: T('15.25'), stable: true }, lineRemaining: null, ...over,
});

const afterTare = { previousReading: { side: 'tare' as const, weight: T('45'), at: minutesAgo(40), sameTicket: true }, recentReadings: [] };

describe('decideFirstWeighing', () => {
  it('records a purchase truck gross first', () => {
    expect(decideFirstWeighing(first())).toEqual({
      ok: true, state: 'firstWeighed', warnings: [], first: { side: 'gross', weight: T('49.02'), source: 'scale', stable: true, at: NOW },
    });
  });

  it('records a sales truck tare first, with the tare alarm as a warning', () => {
    const r = decideFirstWeighing(first({ kind: 'sa', source: { kind: 'scale', weight: T('16'), stable: true } }));
    expect(r).toMatchObject({ ok: true, first: { side: 'tare', weight: T('16') } });
    expect(r.ok && r.warnings.map((w) => w.check)).toEqual(['tareAlarm']);
  });

  it('lets a sales truck use its stored tare instead of weighing empty', () => {
    expect(decideFirstWeighing(first({ kind: 'sa', source: { kind: 'stored' } }))).toMatchObject({
      ok: true, first: { side: 'tare', weight: T('15.2'), source: 'last' },
    });
  });

  it('refuses a stored tare where the first weighing is the gross', () => {
    expect(decideFirstWeighing(first({ source: { kind: 'stored' } }))).toEqual({ ok: false, messages: ['存储皮重只能代替皮重，本次应称毛重'] });
  });

  it('refuses a vehicle that has a ticket still open', () => {
    expect(decideFirstWeighing(first({ openTicket: { code: 'CGBD202611200009' } }))).toEqual({
      ok: false, messages: ['车辆 苏A12345 有未完成的磅单 CGBD202611200009，请先完成二次过磅或作废该磅单'],
    });
  });

  it('refuses by the forbidding checks and names every one', () => {
    const r = decideFirstWeighing(first({ source: { kind: 'scale', weight: T(0), stable: false } }));
    expect(r).toEqual({ ok: false, messages: ['车辆 苏A12345 的毛重读数为0', '车辆 苏A12345 的读数 0 吨 不稳定，请待仪表稳定后再称'] });
  });

  it('rounds the reading as the organisation records weights', () => {
    const r = decideFirstWeighing(first({ source: { kind: 'scale', weight: T('49.026'), stable: true } }));
    expect(r.ok && r.first.weight).toEqual(T('49.03'));
  });
});

describe('decideSecondWeighing', () => {
  it('completes a purchase ticket with its net', () => {
    const r = decideSecondWeighing(second());
    expect(r).toMatchObject({ ok: true, state: 'completed', gross: T('49.02'), tare: T('15.25'), net: T('33.77'), swapped: false, weighedTare: T('15.25') });
    expect(r.ok && r.warnings).toEqual([]);
  });

  it('applies the ticket deductions and the material hidden deduct', () => {
    const r = decideSecondWeighing(second({
      material: material({ hiddenDeduct: T('0.05') }),
      ticket: { ...second().ticket, deductions: [{ kind: 'water', amount: T('0.5') }] },
    }));
    expect(r).toMatchObject({ ok: true, net: T('33.22'), deducted: T('0.55') });
  });

  it('refuses a second reading that reverses the order of its kind, naming both readings', () => {
    const reversed = (over: Partial<SecondWeighingInput> = {}) => second({
      kind: 'sa', history: afterTare,
      ticket: { ...second().ticket, first: { ...grossRecord, side: 'tare', weight: T('45') } },
      source: { kind: 'scale', weight: T('15.2'), stable: true }, ...over,
    });
    const words = '车辆 苏A12345 毛皮重顺序颠倒：应先称皮重后称毛重，一次过磅 45 吨，二次过磅 15.2 吨反而更轻';
    expect(decideSecondWeighing(reversed())).toEqual({ ok: false, messages: [`${words}，不能过磅`], confirm: [] });
    // the plant lets it through on confirmation: refused until confirmed, then swapped and the confirmation kept
    const allowed = { params: params({ reversedOrder: 'confirm' }) };
    expect(decideSecondWeighing(reversed(allowed))).toEqual({ ok: false, messages: [`${words}，请核实后确认过磅`], confirm: ['reversedOrder'] });
    const r = decideSecondWeighing(reversed({ ...allowed, confirmed: ['reversedOrder'] }));
    expect(r).toMatchObject({ ok: true, gross: T('45'), tare: T('15.2'), swapped: true, net: T('29.8'), weighedTare: T('15.2') });
    expect(r.ok && r.confirmed).toEqual([{ finding: 'reversedOrder', message: words }]);
  });

  it('refuses a load above the vehicle\'s rated load and a net below the material\'s minimum', () => {
    expect(decideSecondWeighing(second({ vehicle: vehicle({ capacityTonnage: T('30') }) }))).toMatchObject({ ok: false, confirm: [] });
    expect(decideSecondWeighing(second({ material: material({ minNet: T('40') }) }))).toMatchObject({ ok: false, confirm: [] });
    expect(decideSecondWeighing(second({ vehicle: vehicle({ capacityTonnage: T('40') }), material: material({ minNet: T('30') }) }))).toMatchObject({ ok: true, confirmed: [] });
  });

  it('uses the stored tare when the truck leaves without weighing empty', () => {
    const r = decideSecondWeighing(second({ source: { kind: 'stored' } }));
    expect(r).toMatchObject({ ok: true, tare: T('15.2'), net: T('33.82'), second: { source: 'last' }, weighedTare: null });
  });

  it('refuses a stored tare that has expired', () => {
    const r = decideSecondWeighing(second({ vehicle: vehicle({ tareTime: hoursAgo(30) }), source: { kind: 'stored' } }));
    expect(r).toEqual({ ok: false, messages: ['车辆 苏A12345 没有有效的存储皮重（有效期 24 小时），请回皮'] });
  });

  it('refuses a gross lighter than the stored tare rather than swapping a figure nobody weighed', () => {
    const r = decideSecondWeighing(second({
      kind: 'sa', history: afterTare, ticket: { ...second().ticket, first: { ...grossRecord, side: 'tare', weight: T('15.2'), source: 'last' } },
      source: { kind: 'scale', weight: T('14'), stable: true },
    }));
    expect(r).toEqual({ ok: false, messages: ['车辆 苏A12345 毛重 14 吨 小于存储皮重 15.2 吨，请回皮'] });
  });

  it('never completes a ticket twice', () => {
    expect(decideSecondWeighing(second({ ticket: { ...second().ticket, state: 'completed' } }))).toEqual({
      ok: false, messages: ['磅单 CGBD202611210001 已完成，不能重复二次过磅'],
    });
  });

  it('waits for site confirmation when the material asks for it', () => {
    const r = decideSecondWeighing(second({ ticket: { ...second().ticket, sceneConfirm: true } }));
    expect(r.ok).toBe(false);
  });

  it('refuses a net that would pass what the notice line has left, and takes one that fits exactly', () => {
    expect(decideSecondWeighing(second({ lineRemaining: T('33.76') }))).toEqual({
      ok: false, messages: ['超过通知单可用量：本车净重 33.77 吨，通知单剩余 33.76 吨'],
    });
    expect(decideSecondWeighing(second({ lineRemaining: T('33.77') })).ok).toBe(true);
  });

  it('refuses a negative net and stores nothing', () => {
    const r = decideSecondWeighing(second({ ticket: { ...second().ticket, deductions: [{ kind: 'other', amount: T('40') }] } }));
    expect(r).toEqual({ ok: false, messages: ['净重不能小于0：毛重 49.02 吨 − 皮重 15.25 吨 − 扣重 40 吨 = -6.23 吨'] });
  });

  it('refuses a second reading the checks forbid', () => {
    const r = decideSecondWeighing(second({ source: { kind: 'scale', weight: T('15.25'), stable: false } }));
    expect(r).toEqual({ ok: false, messages: ['车辆 苏A12345 的读数 15.25 吨 不稳定，请待仪表稳定后再称'] });
  });

  it('warns of a repeated gross at level warn and still completes', () => {
    const r = decideSecondWeighing(second({ params: params({ unstableCheck: 'warn' }), source: { kind: 'scale', weight: T('15.25'), stable: false } }));
    expect(r.ok && r.warnings.map((w) => w.check)).toEqual(['unstable']);
  });
});
