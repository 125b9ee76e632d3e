import { Card, Skeleton } from 'antd';
import { usePlantTexts } from './plant-texts';

/**
 * What holds the gate chart's place while ECharts arrives: the same card, title and height as
 * VehicleChart, so the page does not move when the chart replaces it.
 */
export function ChartSkeleton() {
  const tx = usePlantTexts();
  return (
    <Card title={tx.chart} variant="borderless" className="wb-home-card">
      <div className="wb-home-chart" data-testid="vehicle-chart-waiting">
        <Skeleton active title={false} paragraph={{ rows: 7 }} />
      </div>
    </Card>
  );
}
