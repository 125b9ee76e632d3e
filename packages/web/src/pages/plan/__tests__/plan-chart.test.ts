import { describe, expect, it } from 'vitest';
import type { PlanChart } from '@wb/protocol';
import { planChartOptions } from '../plan-chart';

const tx = { planTons: '计划吨数', usedTons: '已用吨数', planTrips: '计划车数', usedTrips: '已用车数', tons: '吨', trips: '车' } as Parameters<typeof planChartOptions>[1];

const chart: PlanChart = {
  month: '2026-11',
  monthPlan: { tons: '6000', trips: 180 },
  days: [
    { day: '2026-11-24', planTons: '300', planTrips: 10, usedTons: '310.5', usedTrips: 9 },
    { day: '2026-11-25', planTons: '300', planTrips: 10, usedTons: '204', usedTrips: 6 },
  ],
  totals: { dayTons: '600', dayTrips: 20, usedTons: '514.5', usedTrips: 15, donePercent: '8.58' },
};

describe('the plan chart', () => {
  it('puts each day of the month on the axis, tons as bars on the left and trips as lines on the right', () => {
    const o = planChartOptions(chart, tx);
    expect(o.xAxis.data).toEqual(['24', '25']);
    expect(o.series.map((s) => [s.type, s.name, s.yAxisIndex ?? 0])).toEqual([
      ['bar', '计划吨数', 0], ['bar', '已用吨数', 0], ['line', '计划车数', 1], ['line', '已用车数', 1],
    ]);
    expect(o.series[1].data).toEqual([310.5, 204]);
    expect(o.series[3].data).toEqual([9, 6]);
  });
});
