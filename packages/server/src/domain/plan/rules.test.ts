import { describe, expect, it } from 'vitest';
import { dayPlanRefusal, monthChart, monthTaskWarning, monthTotals, monthProblem, tonsText } from './rules';

const quota = { customerName: '华东建材', materialName: 'P.O42.5', day: '2026-11-25', tons: '100.0000', trips: 10 };

describe('day plan control', () => {
  it('lets a truck through while tons and trips stay within the quota, up to exactly the quota', () => {
    expect(dayPlanRefusal(quota, { tons: '60', trips: 5 }, '10')).toBeNull();
    expect(dayPlanRefusal(quota, { tons: '90.0000', trips: 9 }, '10')).toBeNull();
  });

  it('refuses a truck whose pre-load passes the tons, naming the quota and what is used', () => {
    expect(dayPlanRefusal(quota, { tons: '95.0000', trips: 9 }, '10.0000'))
      .toBe('超出日计划：客户 华东建材 物料 P.O42.5 2026-11-25 计划 100 吨 / 10 车，已用 95 吨 / 9 车，本车 10 吨');
  });

  it('refuses an eleventh truck of a ten-truck day even with tons to spare', () => {
    expect(dayPlanRefusal(quota, { tons: '50', trips: 10 }, '1'))
      .toBe('超出日计划：客户 华东建材 物料 P.O42.5 2026-11-25 计划 100 吨 / 10 车，已用 50 吨 / 10 车，本车 1 吨');
  });

  it('counts in decimals, not floats: 0.1 + 0.2 tons fit a 0.3 ton quota', () => {
    expect(dayPlanRefusal({ ...quota, tons: '0.3' }, { tons: '0.1', trips: 0 }, '0.2')).toBeNull();
    expect(dayPlanRefusal({ ...quota, tons: '0.3' }, { tons: '0.1', trips: 0 }, '0.2001')).toMatch(/^超出日计划/);
  });
});

describe('plan figures', () => {
  it('says tons without trailing zeros', () => {
    expect(tonsText('95.5000')).toBe('95.5');
    expect(tonsText('0.0000')).toBe('0');
  });

  it('takes a month as yyyy-MM only', () => {
    expect(monthProblem('2026-11')).toBeNull();
    expect(monthProblem('2026-13')).toMatch(/yyyy-MM/);
    expect(monthProblem('2026-1')).toMatch(/yyyy-MM/);
  });

  it('fills every day of the month, the days without a plan or a truck as zeros', () => {
    const days = monthChart('2026-02', [{ day: '2026-02-03', planTons: '300.0000', planTrips: 10, usedTons: '204.0000', usedTrips: 6 }]);
    expect(days).toHaveLength(28);
    expect(days[0]).toEqual({ day: '2026-02-01', planTons: '0', planTrips: 0, usedTons: '0', usedTrips: 0 });
    expect(days[2]).toEqual({ day: '2026-02-03', planTons: '300', planTrips: 10, usedTons: '204', usedTrips: 6 });
    expect(monthChart('2028-02', [])).toHaveLength(29);
  });

  it('sums the month and gives the share done of the monthly plan, else of the day plans, 0 of nothing', () => {
    const days = monthChart('2026-11', [
      { day: '2026-11-24', planTons: '300', planTrips: 10, usedTons: '310.5', usedTrips: 9 },
      { day: '2026-11-25', planTons: '300', planTrips: 10, usedTons: '204', usedTrips: 6 },
    ]);
    expect(monthTotals(days, '6000')).toEqual({ dayTons: '600', dayTrips: 20, usedTons: '514.5', usedTrips: 15, donePercent: '8.58' });
    expect(monthTotals(days, '0').donePercent).toBe('85.75');
    expect(monthTotals(monthChart('2026-11', []), '0').donePercent).toBe('0.00');
  });

  it('warns when a month\'s day plans pass its monthly plan in tons or trips, and not when they fit', () => {
    const t = { planNo: 'RJH202611250001', month: '2026-11', dayTons: '6000.0000', dayTrips: 180, monthTons: '6000.0000', monthTrips: 180 };
    expect(monthTaskWarning(t)).toBeNull();
    expect(monthTaskWarning({ ...t, dayTons: '6300.5' })).toBe('日计划 RJH202611250001：2026-11 日计划合计 6300.5 吨 / 180 车，超出月计划 6000 吨 / 180 车');
    expect(monthTaskWarning({ ...t, dayTrips: 181 })).toMatch(/181 车，超出月计划 6000 吨 \/ 180 车$/);
  });
});
