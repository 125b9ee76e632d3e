import { useMemo } from 'react';
import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { TRIP_KIND_NAMES, type VehicleChart as Chart } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useEChart } from '@/platform/charts/useEChart';
import { fetchVehicleChart } from './plant-api';
import { usePlantTexts } from './plant-texts';

// only the parts the chart uses: the whole of ECharts would triple the home page's weight
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const REFRESH_MS = 60_000;
const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/** The chart's options: bars per hour, trucks in stacked by kind beside trucks out stacked by kind. */
export function chartOptions(chart: Chart, label: (kind: string, direction: 'IN' | 'OUT') => string): echarts.EChartsCoreOption {
  return {
    // redrawn every minute: growing bars each time would only distract
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 36, right: 16, top: 36, bottom: 24 },
    xAxis: { type: 'category', data: HOURS },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.series.map((s) => ({ type: 'bar', name: label(s.kind, s.direction), stack: s.direction, data: s.counts, barMaxWidth: 18 })),
  };
}

/** 今日车辆进出厂: the gate's trucks per hour of today, by kind. */
export function VehicleChart({ orgId }: { orgId: string | null }) {
  const tx = usePlantTexts();
  const english = useEnglish();
  const { data } = useQuery({ queryKey: ['home-vehicle-chart', orgId], queryFn: fetchVehicleChart, refetchInterval: REFRESH_MS });
  const option = useMemo(() => {
    if (!data) return null;
    const label = (kind: string, direction: 'IN' | 'OUT') =>
      `${TRIP_KIND_NAMES[kind]?.[english ? 'en' : 'zh'] ?? kind}${english ? ' ' : ''}${direction === 'IN' ? tx.in : tx.out}`;
    return chartOptions(data, label);
  }, [data, english, tx]);
  const box = useEChart(option);

  return (
    <Card title={tx.chart} variant="borderless" className="wb-home-card">
      <div ref={box} className="wb-home-chart" data-testid="vehicle-chart" data-series={data?.series.length ?? 0} />
    </Card>
  );
}
