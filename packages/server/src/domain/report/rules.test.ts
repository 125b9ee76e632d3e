import { describe, expect, it } from 'vitest';
import { rangeRefusal, teamReport, vehicleChart } from './rules';
import { DEFAULT_TEAMS } from './teams';

describe('vehicle chart', () => {
  it('gives each kind and direction 24 hourly counts, ins before outs', () => {
    const chart = vehicleChart('2026-11-21', [
      { kind: 'sa', hour: 9, direction: 'OUT', trips: 2 },
      { kind: 'pu', hour: 9, direction: 'IN', trips: 3 },
      { kind: 'pu', hour: 23, direction: 'IN', trips: 1 },
    ]);
    expect(chart.series.map((s) => `${s.direction}:${s.kind}`)).toEqual(['IN:pu', 'OUT:sa']);
    expect(chart.series[0].counts).toHaveLength(24);
    expect(chart.series[0].counts[9]).toBe(3);
    expect(chart.series[0].counts[23]).toBe(1);
    expect(chart.series[1].counts.reduce((a, b) => a + b)).toBe(2);
  });
});

describe('team report', () => {
  it('sums tons as decimals and shows an idle team with nothing', () => {
    const report = teamReport('2026-11-10', '2026-11-10', DEFAULT_TEAMS, [
      { team: 1, kind: 'pu', materialId: '1', materialName: '石灰石', counterparty: '甲', trips: 1, net: '0.1' },
      { team: 1, kind: 'pu', materialId: '1', materialName: '石灰石', counterparty: '乙', trips: 2, net: '0.2' },
    ]);
    expect(report.teamTotals).toEqual([{ team: 1, trips: 3, net: '0.3000' }, { team: 2, trips: 0, net: '0.0000' }]);
    expect(report.total).toEqual({ trips: 3, net: '0.3000' });
  });
});

describe('report range', () => {
  it('takes real dates, the end not before the start, a year at most', () => {
    expect(rangeRefusal('2026-11-10', '2026-11-10', 366)).toBeNull();
    expect(rangeRefusal('2026-02-30', '2026-03-01', 366)).toEqual({ message: '开始日期不是有效日期', field: 'from' });
    expect(rangeRefusal('2026-11-10', '2026-11-09', 366)?.field).toBe('to');
    expect(rangeRefusal('2025-11-09', '2026-11-10', 366)?.message).toBe('日期范围最多366天');
    expect(rangeRefusal('2025-11-10', '2026-11-10', 366)).toBeNull();
  });
});
