import { Card, Col, Row, Statistic, Tooltip } from 'antd';
import { AlertOutlined, CarOutlined, DashboardOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { fetchHomeCounts } from './plant-api';
import { usePlantTexts } from './plant-texts';

const REFRESH_MS = 60_000;

/** 首页统计: planned, in plant, weighing and error trucks of the current company. */
export function PlantCounts({ orgId }: { orgId: string | null }) {
  const tx = usePlantTexts();
  const { data } = useQuery({ queryKey: ['home-counts', orgId], queryFn: fetchHomeCounts, refetchInterval: REFRESH_MS });
  const errorsHint = data
    ? tx.errorsHint.replace('{{hours}}', String(data.overstayHours)).replace('{{overstay}}', String(data.overstay)).replace('{{warned}}', String(data.warned))
    : '';
  const cards = [
    { key: 'planned', title: tx.planned, hint: tx.plannedHint, value: data?.planned, icon: <ScheduleOutlined />, color: '#3c5fbd' },
    { key: 'inPlant', title: tx.inPlant, hint: tx.inPlantHint, value: data?.inPlant, icon: <CarOutlined />, color: '#13a8a8' },
    { key: 'weighing', title: tx.weighing, hint: tx.weighingHint, value: data?.weighing, icon: <DashboardOutlined />, color: '#d48806' },
    { key: 'errors', title: tx.errors, hint: errorsHint, value: data?.errors, icon: <AlertOutlined />, color: data?.errors ? '#cf1322' : '#8c8c8c' },
  ];
  return (
    <Row gutter={[16, 16]} className="wb-home-counts">
      {cards.map((c) => (
        <Col key={c.key} xs={12} xl={6}>
          <Tooltip title={c.hint}>
            <Card variant="borderless" className="wb-home-count" data-testid={`count-${c.key}`}>
              <span className="wb-home-count-icon" style={{ color: c.color }}>{c.icon}</span>
              <Statistic title={c.title} value={c.value ?? '-'} valueStyle={{ color: c.color }} />
            </Card>
          </Tooltip>
        </Col>
      ))}
    </Row>
  );
}
