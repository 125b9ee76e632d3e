import { describe, expect, it } from 'vitest';
import { collectJobs } from '../../platform/jobs/install';
import { ALERT_JOBS, ALERT_POLLERS } from './jobs';
import { dwellOf, ratedTotalKg, readingsOfWeighing } from './scan-rules';

describe('what a scan reads of a weighing', () => {
  const t0 = 1_700_000_000_000;
  const trend = (kgs: number[]): [number, string][] => kgs.map((kg, i) => [t0 + i * 1000, String(kg)]);

  it('the readings up to the last one showing the weighed figure, not the truck driving off after it', () => {
    const r = readingsOfWeighing(trend([0, 20000, 30000, 30000, 30010, 12000, 0]), 'kg', new Date(t0 + 4000), 30000, 20);
    expect(r.map((x) => x.kg)).toEqual([0, 20000, 30000, 30000, 30010]);
    // in tons on the indicator
    expect(readingsOfWeighing([[t0, '30.000'], [t0 + 1000, '30.010']], 't', new Date(t0 + 1000), 30000, 20).map((x) => x.kg)).toEqual([30000, 30010]);
    // readings long after the weighing are another truck's
    expect(readingsOfWeighing(trend([30000]), 'kg', new Date(t0 - 60_000), 30000, 20)).toEqual([]);
    expect(readingsOfWeighing(null, null, new Date(t0), 30000, 20)).toEqual([]);
  });

  it('the seconds loaded before the reading', () => {
    expect(dwellOf(readingsOfWeighing(trend([0, 20000, 30000, 30000]), 'kg', new Date(t0 + 3000), 30000, 20), 1000)).toBe(2);
    expect(dwellOf([], 1000)).toBeNull();
  });

  it('the rated total mass: rated load plus curb weight, else the legal limit by axles', () => {
    expect(ratedTotalKg({ capacityKg: 30000, standardTareKg: 15000, tareKg: 16000, axles: 6 })).toBe(45000);
    expect(ratedTotalKg({ capacityKg: 30000, standardTareKg: null, tareKg: 16000, axles: 6 })).toBe(46000);
    expect(ratedTotalKg({ capacityKg: null, standardTareKg: null, tareKg: 16000, axles: 5 })).toBe(43000);
    expect(ratedTotalKg({ capacityKg: null, standardTareKg: null, tareKg: 16000, axles: null })).toBeNull();
  });

  it('the nightly job and the scan poller are declared once, the job\'s schedule parses', () => {
    const d = collectJobs([], { jobs: ALERT_JOBS, pollers: ALERT_POLLERS });
    expect(d.jobs.map((j) => [j.key, j.name, j.cron])).toEqual([['alert.nightly', '预警夜间巡检', '0 40 0 * * *']]);
    expect(d.pollers.map((p) => p.key)).toEqual(['alert.scan']);
  });
});
