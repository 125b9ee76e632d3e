import { useMemo, useState } from 'react';
import { Card, DatePicker, Descriptions, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { MONTH_FORMAT, fromPicker, plantNow } from '@/platform/plant-time';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { PlanChart } from '@wb/protocol';
import { call } from '@/platform/api/http';
import { useEChart } from '@/platform/charts/useEChart';
import { useDisplay } from '@/platform/display';
import { planChartOptions } from './plan-chart';
import { usePlanTexts } from './texts';
import './plan.css';

// only the parts the chart uses, as the home page's gate chart does
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const fetchPlanChart = (month: string) => call<PlanChart>('/sale/plan/chart', { query: { month } });

/** 计划执行图: a month's day plans against what the sales trucks used, day by day, with the month summed. */
export default function PlanChartPage() {
  const tx = usePlanTexts();
  const [month, setMonth] = useState<Dayjs>(() => plantNow());
  const key = fromPicker(month, MONTH_FORMAT) as string;
  const { data } = useQuery({ queryKey: ['plan-chart', key], queryFn: () => fetchPlanChart(key) });
  const display = useDisplay();
  const box = useEChart(useMemo(() => (data ? planChartOptions(data, tx, display) : null), [data, tx, display]));

  return (
    <div className="wb-plan-chart-page" data-testid="plan-chart-page">
      <Card
        title={tx.title}
        extra={(
          <Space>
            <span>{tx.month}</span>
            <DatePicker picker="month" allowClear={false} value={month} onChange={(m) => m && setMonth(m)} data-testid="plan-chart-month" />
          </Space>
        )}
      >
        {data && (
          <Descriptions size="small" column={4} data-testid="plan-chart-totals">
            <Descriptions.Item label={tx.monthPlan}>{`${display.weight(data.monthPlan.tons, { unit: true })} / ${data.monthPlan.trips} ${tx.trips}`}</Descriptions.Item>
            <Descriptions.Item label={tx.dayPlans}>{`${display.weight(data.totals.dayTons, { unit: true })} / ${data.totals.dayTrips} ${tx.trips}`}</Descriptions.Item>
            <Descriptions.Item label={tx.used}>{`${display.weight(data.totals.usedTons, { unit: true })} / ${data.totals.usedTrips} ${tx.trips}`}</Descriptions.Item>
            <Descriptions.Item label={tx.done}>{`${data.totals.donePercent}%`}</Descriptions.Item>
          </Descriptions>
        )}
        <div ref={box} className="wb-plan-chart" data-testid="plan-chart" data-days={data?.days.length ?? 0} />
      </Card>
    </div>
  );
}
