import { useEffect, useState } from 'react';
import { Badge, Card, Table, Tag } from 'antd';
import type { LiveVehicle } from '@wb/protocol';
import { useLiveVehicles } from '@/pages/reports/useLiveVehicles';
import { durationMs, plantDateTimeText } from '@/platform/plant-time';
import { fill, useGateTexts } from './texts';
import './gate.css';

/** Whole minutes inside, as the guard reads them: 1小时05分; the entry time is on the plant's clock, whatever the browser's. */
export function timeInside(enteredAt: string | null, now: number, pattern: string): string {
  const ms = enteredAt ? durationMs(enteredAt, now) : null;
  if (ms === null) return '';
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return fill(pattern, { h: Math.floor(minutes / 60), m: String(minutes % 60).padStart(2, '0') });
}

/** 厂内车辆: the trucks entered and not yet released, pushed live by the server, with their time inside. */
export default function InPlantPage() {
  const tx = useGateTexts();
  const { vehicles, status } = useLiveVehicles();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return (
    <Card
      className="wb-gate" data-testid="gate-in-plant"
      title={<span>{tx.inPlant} <small data-testid="in-plant-count">{fill(tx.count, { n: vehicles.length })}</small></span>}
      extra={<Badge status={status === 'live' ? 'processing' : 'error'} text={status === 'live' ? tx.live : tx.lost} data-testid="in-plant-status" />}
    >
      <Table<LiveVehicle>
        rowKey="registryId" size="middle" pagination={false} dataSource={vehicles} locale={{ emptyText: tx.empty }}
        onRow={(v) => ({ 'data-plate': v.plateNumber }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: tx.columns.plate, dataIndex: 'plateNumber', width: 120, render: (p: string) => <strong>{p}</strong> },
          { title: tx.columns.registryNo, dataIndex: 'registryNo', width: 170 },
          { title: tx.columns.state, dataIndex: 'tripState', width: 100, render: (s: string) => <Tag color={s === 'WEIGHING' ? 'orange' : 'blue'}>{tx.states[s] ?? s}</Tag> },
          { title: tx.columns.material, dataIndex: 'materialName' },
          { title: tx.columns.counterparty, dataIndex: 'counterparty' },
          { title: tx.columns.driver, dataIndex: 'driverName', width: 100 },
          { title: tx.columns.enteredAt, dataIndex: 'enteredAt', width: 170, render: (v: string | null) => plantDateTimeText(v) },
          { title: tx.columns.inside, key: 'inside', width: 120, className: 'wb-gate-inside', render: (_: unknown, v) => timeInside(v.enteredAt, now, tx.minutes) },
          { title: tx.columns.ticket, dataIndex: 'ticketNo', width: 170 },
        ]}
      />
    </Card>
  );
}
