import type { PlanChart } from '@wb/protocol';
import type { PlanTexts } from './texts';
import { displayWith, type Display } from '@/platform/display/format';

/**
 * The chart: per day of the month, planned and used tons as bars side by side (left axis), planned
 * and used trips as lines (right axis). ECharts options only, so it is tested without a canvas.
 */
export function planChartOptions(chart: PlanChart, tx: PlanTexts, display: Display = displayWith()) {
  // tons in the plant's unit and decimals, on the axis and in the tooltip as on every screen
  const weightTip = { valueFormatter: (v: unknown) => display.unitWeight(v, { unit: true }) };
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [tx.planTons, tx.usedTons, tx.planTrips, tx.usedTrips] },
    grid: { left: 48, right: 48, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: chart.days.map((d) => d.day.slice(8)) },
    yAxis: [{ type: 'value', name: display.unitLabel }, { type: 'value', name: tx.trips, minInterval: 1 }],
    series: [
      { type: 'bar', name: tx.planTons, data: chart.days.map((d) => display.weightNumber(d.planTons)), barMaxWidth: 14, tooltip: weightTip },
      { type: 'bar', name: tx.usedTons, data: chart.days.map((d) => display.weightNumber(d.usedTons)), barMaxWidth: 14, tooltip: weightTip },
      { type: 'line', name: tx.planTrips, yAxisIndex: 1, data: chart.days.map((d) => d.planTrips) },
      { type: 'line', name: tx.usedTrips, yAxisIndex: 1, data: chart.days.map((d) => d.usedTrips) },
    ],
  };
}
