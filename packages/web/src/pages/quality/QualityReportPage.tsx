import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Empty, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { DATE_FORMAT, fromPicker, plantNow } from '@/platform/plant-time';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEnglish } from '@/i18n/useEnglish';
import { call } from '@/platform/api/http';
import { downloadFile } from '@/platform/api/download';
import { useEChart } from '@/platform/charts/useEChart';
import { displayWith, useDisplay, withUnit, type Display } from '@/platform/display';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/**
 * 质量报表: per vendor and material of a period (GET /api/quality/report), each item's average
 * weighted by net, the pass rate, the quality deductions in tons and money; a chart of deductions
 * and pass rate per row; the same as Excel. The server adds it up; the page shows what it answered.
 */
export interface ReportLine {
  vendorId: string | null; vendorName: string | null; materialId: string | null; materialName: string | null;
  tickets: number; passed: number; passRate: string; net: string; deduction: string; deductionMoney: string; adjustMoney: string;
  items: { code: string; name: string; average: string }[];
}
interface Report { from: string; to: string; rows: ReportLine[] }

const rowName = (r: ReportLine) => `${r.vendorName ?? '-'} / ${r.materialName ?? '-'}`;

export function reportChartOptions(rows: ReportLine[], w: (zh: string, en: string) => string, display: Display = displayWith()): echarts.EChartsCoreOption {
  const deducted = withUnit(w('质量扣重(吨)', 'Deducted (t)'), display);
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [deducted, w('合格率(%)', 'Pass rate (%)')] },
    grid: { left: 48, right: 48, bottom: 48, top: 36 },
    xAxis: { type: 'category', data: rows.map(rowName) },
    yAxis: [{ type: 'value', name: display.unitLabel }, { type: 'value', name: '%', max: 100 }],
    series: [
      { name: deducted, type: 'bar', data: rows.map((r) => display.weightNumber(r.deduction)), tooltip: { valueFormatter: (v: unknown) => display.unitWeight(v, { unit: true }) } },
      { name: w('合格率(%)', 'Pass rate (%)'), type: 'line', yAxisIndex: 1, data: rows.map((r) => Number(r.passRate)) },
    ],
  };
}

export default function QualityReportPage() {
  const english = useEnglish();
  const w = (zh: string, en: string) => (english ? en : zh);
  const display = useDisplay();
  const money = (v: string) => display.money(v) || v;
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [plantNow().startOf('month'), plantNow()]);
  const asked = { from: fromPicker(range[0], DATE_FORMAT) as string, to: fromPicker(range[1], DATE_FORMAT) as string };
  const report = useQuery({ queryKey: ['quality', 'report', asked], queryFn: () => call<Report>('/quality/report', { query: asked }) });
  const rows = report.data?.rows ?? [];
  const box = useEChart(useMemo(() => (rows.length ? reportChartOptions(rows, w, display) : null), [rows, english, display])); // eslint-disable-line react-hooks/exhaustive-deps
  const items = useMemo(() => [...new Map(rows.flatMap((r) => r.items.map((i) => [i.code, i.name] as const))).entries()], [rows]);
  const columns = [
    { title: w('供应商', 'Vendor'), dataIndex: 'vendorName', width: 180 },
    { title: w('物料', 'Material'), dataIndex: 'materialName', width: 120 },
    { title: w('磅单数', 'Tickets'), dataIndex: 'tickets', width: 80, align: 'right' as const },
    { title: withUnit(w('净重(吨)', 'Net (t)'), display), dataIndex: 'net', width: 100, align: 'right' as const, render: (v: string) => display.weight(v) },
    { title: w('合格率(%)', 'Pass rate (%)'), dataIndex: 'passRate', width: 100, align: 'right' as const },
    { title: withUnit(w('质量扣重(吨)', 'Deducted (t)'), display), dataIndex: 'deduction', width: 110, align: 'right' as const, render: (v: string) => display.weight(v) },
    { title: w('扣重金额', 'Deducted value'), dataIndex: 'deductionMoney', width: 120, align: 'right' as const, render: money },
    { title: w('调价金额', 'Price change'), dataIndex: 'adjustMoney', width: 120, align: 'right' as const, render: money },
    ...items.map(([code, name]) => ({
      title: `${name}${w('(加权)', ' (weighted)')}`, key: `item-${code}`, width: 100, align: 'right' as const,
      render: (_: unknown, r: ReportLine) => r.items.find((i) => i.code === code)?.average ?? '',
    })),
  ];
  return (
    <Card size="small" data-testid="quality-report" title={w('质量报表', 'Quality report')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <Button disabled={!rows.length} onClick={() => void downloadFile('/quality/report', { query: { ...asked, format: 'xlsx' }, fallbackName: 'quality-report.xlsx' })}>
          {w('导出Excel', 'Excel')}
        </Button>
      </Space>
      {/* the chart's box is always there: the chart is made once, when the box mounts */}
      <div ref={box} style={{ height: rows.length ? 280 : 0 }} data-testid="quality-report-chart" />
      {!rows.length ? <Empty description={w('所选期间没有化验结果', 'No assay results in the period')} /> : (
        <>
          <Table<ReportLine>
            size="small" rowKey={(r) => `${r.vendorId}:${r.materialId}`} columns={columns} dataSource={rows} pagination={false} scroll={{ x: 1000 }}
            data-testid="quality-report-table"
          />
        </>
      )}
    </Card>
  );
}
