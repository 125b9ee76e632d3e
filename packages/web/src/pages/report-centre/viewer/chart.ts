import type { ReportChart, ReportField } from '@wb/protocol';
import type { Display } from '@/platform/display';
import type { ReportRow } from './api';

/**
 * A report's chart option (pure): the category field along the axis (a pie: its slices), one
 * series per value field, over the rows shown (subtotal rows left out); a weight charted in the
 * plant's unit.
 */
export function reportChartOption(chart: ReportChart, rows: ReportRow[], fields: ReportField[], display: Display, english: boolean): Record<string, unknown> | null {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const data = rows.filter((r) => !r.__group);
  if (!data.length || !byKey.has(chart.x)) return null;
  const name = (key: string) => {
    const f = byKey.get(key);
    return f ? (english && f.titleEn ? f.titleEn : f.title) : key;
  };
  const value = (key: string, v: unknown): number | null => {
    if (byKey.get(key)?.type === 'weight') return display.weightNumber(v);
    const n = Number(v);
    return v === null || v === undefined || v === '' || !Number.isFinite(n) ? null : n;
  };
  const categories = data.map((r) => String(r[chart.x] ?? ''));
  const series = chart.series.filter((s) => byKey.has(s));
  if (chart.type === 'pie') {
    const s = series[0];
    if (!s) return null;
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', name: name(s), radius: '60%', data: data.map((r, i) => ({ name: categories[i], value: value(s, r[s]) })) }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 60, right: 24, top: 36, bottom: 40 },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: series.map((s) => ({ type: chart.type, name: name(s), data: data.map((r) => value(s, r[s])) })),
  };
}
