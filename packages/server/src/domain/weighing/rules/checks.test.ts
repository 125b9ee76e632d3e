import { describe, expect, it } from 'vitest';
import { runChecks, sameWeightSeen, vehicleGrossLimit, type ReadingFacts } from './checks';
import { NOW, T, minutesAgo, params } from './fixtures.test-support';

const facts = (over: Partial<ReadingFacts> = {}): ReadingFacts => ({
  plate: '苏A12345', side: 'gross', weight: T('40'), stable: true, at: NOW, grossLimit: T('49'), materialOverload: true,
  lastTare: T('15.2'), previousReading: null, recentReadings: [], ...over,
});
const all = (level: 'warn' | 'forbid') => params({
  overloadCheck: level, repeatedReadingCheck: level, emptyGrossCheck: level, sameWeightCheck: level, zeroWeightCheck: level, unstableCheck: level,
});

describe('runChecks', () => {
  it('passes a normal loaded truck with nothing to say', () => {
    expect(runChecks(facts(), all('forbid'))).toEqual({ warnings: [], refusals: [] });
  });

  it('finds a gross over the load limit when the material is checked for overload', () => {
    const r = runChecks(facts({ weight: T('50.5') }), all('forbid'));
    expect(r.refusals).toEqual([{ check: 'overload', message: '车辆 苏A12345 超载：毛重 50.5 吨，限载 49 吨，超出 1.5 吨' }]);
  });

  it('lets an overloaded gross pass when the material is not checked, or the limit is unknown', () => {
    expect(runChecks(facts({ weight: T('50.5'), materialOverload: false }), all('forbid')).refusals).toEqual([]);
    expect(runChecks(facts({ weight: T('50.5'), grossLimit: null }), all('forbid')).refusals).toEqual([]);
  });

  it('finds a gross after a gross on another ticket within the window: the truck left loaded and is back loaded', () => {
    const r = runChecks(facts({ previousReading: { side: 'gross', weight: T('41'), at: minutesAgo(20), sameTicket: false } }), all('forbid'));
    expect(r.refusals.map((f) => f.check)).toEqual(['repeatedReading']);
    expect(r.refusals[0]?.message).toMatch(/^车辆 苏A12345 连续两次称毛重：上次毛重 41 吨（\d\d:\d\d），本次 40 吨$/);
    // long enough ago for the truck to have unloaded its goods and loaded others
    expect(runChecks(facts({ previousReading: { side: 'gross', weight: T('41'), at: minutesAgo(90), sameTicket: false } }), all('forbid')).refusals).toEqual([]);
  });

  it('lets a truck that unloaded a purchase load a sale on the same visit: its identical tare on another ticket is no repeat', () => {
    const visit = facts({ side: 'tare', weight: T('15.2'), previousReading: { side: 'tare', weight: T('15.2'), at: minutesAgo(5), sameTicket: false } });
    expect(runChecks(visit, all('forbid')).refusals.map((f) => f.check)).not.toContain('repeatedReading');
  });

  it('finds the second weighing of a ticket reading what its first did: the truck neither unloaded nor loaded', () => {
    const first = { side: 'gross' as const, weight: T('40'), at: minutesAgo(25), sameTicket: true };
    const r = runChecks(facts({ side: 'tare', weight: T('39.96'), lastTare: null, previousReading: first }), all('forbid'));
    expect(r.refusals).toEqual([{ check: 'repeatedReading', message: expect.stringMatching(/^车辆 苏A12345 连续两次称毛重：上次毛重 40 吨（\d\d:\d\d），本次 39\.96 吨$/) }]);
    // 60 kg apart (emptyGrossKg) is a load that left
    expect(runChecks(facts({ side: 'tare', weight: T('39.94'), lastTare: null, previousReading: first }), all('forbid')).refusals).toEqual([]);
  });

  it('does not count a tare after a gross as repeated', () => {
    expect(runChecks(facts({ side: 'tare', weight: T('15.2'), previousReading: { side: 'gross', weight: T('41'), at: minutesAgo(90), sameTicket: true } }), all('forbid')).refusals).toEqual([]);
    expect(runChecks(facts({ side: 'tare', weight: T('15.2'), previousReading: { side: 'gross', weight: T('41'), at: minutesAgo(5), sameTicket: false } }), all('forbid')).refusals).toEqual([]);
  });

  it('finds a gross that is an empty truck, under emptyGrossKg above the last tare', () => {
    const r = runChecks(facts({ weight: T('15.25') }), all('warn'));
    expect(r.warnings).toEqual([{ check: 'emptyGross', message: '车辆 苏A12345 疑似空车：毛重 15.25 吨，上次皮重 15.2 吨，相差不足 60 千克' }]);
    expect(runChecks(facts({ weight: T('15.26') }), all('warn')).warnings).toEqual([]);
  });

  it('finds the same weight within the window, and not before it', () => {
    const seen = [{ plate: '苏B99999', weight: T('40'), at: minutesAgo(10) }];
    const r = runChecks(facts({ recentReadings: seen }), all('warn'));
    expect(r.warnings.map((f) => f.check)).toEqual(['sameWeight']);
    expect(r.warnings[0]?.message).toContain('与车辆 苏B99999 在');
    expect(r.warnings[0]?.message).toContain('（30 分钟内）');
    expect(runChecks(facts({ recentReadings: [{ ...seen[0]!, at: minutesAgo(31) }] }), all('warn')).warnings).toEqual([]);
    expect(runChecks(facts({ recentReadings: [{ ...seen[0]!, weight: T('40.01') }] }), all('warn')).warnings).toEqual([]);
  });

  it('finds a zero reading and an unstable one', () => {
    const r = runChecks(facts({ weight: T(0), stable: false, side: 'tare', lastTare: null }), all('forbid'));
    expect(r.refusals).toEqual([
      { check: 'zeroWeight', message: '车辆 苏A12345 的皮重读数为0' },
      { check: 'unstable', message: '车辆 苏A12345 的读数 0 吨 不稳定，请待仪表稳定后再称' },
    ]);
  });

  it('warns instead of refusing at level warn, and says nothing at level none', () => {
    const bad = facts({ weight: T(0), stable: false });
    expect(runChecks(bad, all('warn')).refusals).toEqual([]);
    expect(runChecks(bad, all('warn')).warnings.length).toBeGreaterThan(0);
    expect(runChecks(bad, params({ overloadCheck: 'none', repeatedReadingCheck: 'none', emptyGrossCheck: 'none', sameWeightCheck: 'none', zeroWeightCheck: 'none', unstableCheck: 'none' })))
      .toEqual({ warnings: [], refusals: [] });
  });

  it('keeps each check at its own level', () => {
    const r = runChecks(facts({ weight: T('50.5'), stable: false }), params({ overloadCheck: 'warn', unstableCheck: 'forbid' }));
    expect(r.warnings.map((f) => f.check)).toEqual(['overload']);
    expect(r.refusals.map((f) => f.check)).toEqual(['unstable']);
  });
});

describe('sameWeightSeen', () => {
  it('names the latest matching reading', () => {
    const readings = [{ plate: 'A', weight: T('40'), at: minutesAgo(20) }, { plate: 'B', weight: T('40'), at: minutesAgo(5) }];
    expect(sameWeightSeen({ weight: T('40'), at: NOW, recentReadings: readings }, 30)?.plate).toBe('B');
  });
});

describe('vehicleGrossLimit', () => {
  it('is the rated load plus the tare when both are known', () => {
    expect(vehicleGrossLimit({ capacityTonnage: T('31'), axles: 6, standardTare: null, lastTare: T('15') })).toEqual(T('46'));
  });

  it('is the legal limit of the axle count otherwise (GB 1589)', () => {
    expect(vehicleGrossLimit({ capacityTonnage: null, axles: 2, standardTare: null, lastTare: null })).toEqual(T('18'));
    expect(vehicleGrossLimit({ capacityTonnage: T('20'), axles: 5, standardTare: null, lastTare: null })).toEqual(T('43'));
  });

  it('is unknown with neither', () => {
    expect(vehicleGrossLimit({ capacityTonnage: null, axles: null, standardTare: null, lastTare: null })).toBeNull();
  });
});
