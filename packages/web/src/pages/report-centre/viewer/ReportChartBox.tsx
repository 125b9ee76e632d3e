import { useMemo } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ReportChart, ReportField } from '@wb/protocol';
import { useEChart } from '@/platform/charts/useEChart';
import type { Display } from '@/platform/display';
import type { ReportRow } from './api';
import { reportChartOption } from './chart';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The report's chart over the rows shown. */
export function ReportChartBox({ chart, rows, fields, display, english }: { chart: ReportChart; rows: ReportRow[]; fields: ReportField[]; display: Display; english: boolean }) {
  const option = useMemo(() => reportChartOption(chart, rows, fields, display, english), [chart, rows, fields, display, english]);
  const box = useEChart(option);
  return <div ref={box} className="wb-report-chart" data-testid="report-chart" />;
}
