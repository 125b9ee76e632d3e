import { GROUP_COCKPIT_KINDS, WEIGH_KIND_NAMES, type GroupCockpit, type GroupCockpitPlant } from '@wb/protocol';
import { displayWith, type Display } from '@/platform/display/format';
import type { CockpitTexts } from './texts';

/** A plant's name as the page shows it: its English name on an English screen when it has one. */
export const plantName = (p: GroupCockpitPlant, english: boolean) => (english && p.orgNameEn ? p.orgNameEn : p.orgName);

/** The sum of a plant's tons of every kind, for the table. */
export const tonsTotal = (tons: GroupCockpitPlant['today']) => GROUP_COCKPIT_KINDS.reduce((sum, k) => sum + Number(tons[k]), 0);

const grid = { left: 56, right: 16, top: 40, bottom: 28 };

/** Today's tons per plant, a bar per kind of weighing (pu, sa, al, tr). ECharts options only. */
export function tonsChartOptions(data: GroupCockpit, english: boolean, display: Display = displayWith()) {
  const weightTip = { valueFormatter: (v: unknown) => display.unitWeight(v, { unit: true }) };
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: data.plants.map((p) => plantName(p, english)) },
    yAxis: { type: 'value', name: display.unitLabel },
    series: GROUP_COCKPIT_KINDS.map((k) => ({
      type: 'bar', name: english ? WEIGH_KIND_NAMES[k].en : WEIGH_KIND_NAMES[k].zh, barMaxWidth: 24, tooltip: weightTip,
      data: data.plants.map((p) => display.weightNumber(p.today[k])),
    })),
  };
}

/** Receipts, consumption and unsettled money per plant, in yuan. ECharts options only. */
export function moneyChartOptions(data: GroupCockpit, tx: CockpitTexts, english: boolean, display: Display = displayWith()) {
  const moneyTip = { valueFormatter: (v: unknown) => display.money(v) };
  const series = [
    [tx.receipts, (p: GroupCockpitPlant) => p.receiptsCents],
    [tx.consumed, (p: GroupCockpitPlant) => p.consumedCents],
    [tx.unsettled, (p: GroupCockpitPlant) => p.unsettledCents],
  ] as const;
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: data.plants.map((p) => plantName(p, english)) },
    yAxis: { type: 'value' },
    series: series.map(([name, cents]) => ({ type: 'bar', name, barMaxWidth: 24, tooltip: moneyTip, data: data.plants.map((p) => cents(p) / 100) })),
  };
}

/**
 * The stock per plant by material class: a stacked bar per plant, a series per class (every class
 * any plant holds, by class code; a plant without a class has 0 of it). ECharts options only.
 */
export function stockChartOptions(data: GroupCockpit, english: boolean, display: Display = displayWith()) {
  const weightTip = { valueFormatter: (v: unknown) => display.unitWeight(v, { unit: true }) };
  const classes = new Map<string, { code: string; name: string }>();
  for (const p of data.plants) for (const c of p.stockByClass) classes.set(c.classId, { code: c.classCode, name: c.className });
  const ordered = [...classes.entries()].sort(([, a], [, b]) => a.code.localeCompare(b.code));
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid,
    xAxis: { type: 'category', data: data.plants.map((p) => plantName(p, english)) },
    yAxis: { type: 'value', name: display.unitLabel },
    series: ordered.map(([id, c]) => ({
      type: 'bar', stack: 'stock', name: c.name, barMaxWidth: 24, tooltip: weightTip,
      data: data.plants.map((p) => display.weightNumber(p.stockByClass.find((s) => s.classId === id)?.tons ?? '0')),
    })),
  };
}
