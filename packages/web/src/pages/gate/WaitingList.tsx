import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Table, Tag } from 'antd';
import { usePermissions } from '@/app/hooks/usePermissions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { formatPlant, TIME_FORMAT } from '@/platform/plant-time';
import { callTruck, waitingTrucks, type WaitingTruck } from './api';
import { fill, useGateTexts } from './texts';

/**
 * 排队车辆: the trucks waiting at the gate today (audited, not yet in), in the order they were
 * registered or booked, with 叫号 that tells the driver's phone to come in. Refreshed every few seconds.
 */
export function WaitingList() {
  const tx = useGateTexts();
  const { can } = usePermissions();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const { data } = useQuery({ queryKey: ['gate-queue'], queryFn: waitingTrucks, refetchInterval: 5000 });
  const rows = data?.rows ?? [];
  const callIn = async (r: WaitingTruck) => {
    setBusy(r.registryId);
    try {
      await callTruck(r.registryId);
      feedback.success(fill(tx.calledDone, { plate: r.plate }));
      await client.invalidateQueries({ queryKey: ['gate-queue'] });
    } catch (err) {
      if (err instanceof ApiError) feedback.error(err.message);
      else throw err;
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card size="small" title={fill(tx.waiting, { n: rows.filter((r) => !r.calledAt).length })} style={{ marginTop: 16 }} data-testid="gate-waiting">
      <Table<WaitingTruck>
        size="small" rowKey="registryId" dataSource={rows} pagination={false} scroll={{ y: 320 }} locale={{ emptyText: tx.noneWaiting }}
        columns={[
          { title: tx.place, dataIndex: 'place', width: 70, render: (v: number | null) => v ?? '' },
          { title: tx.columns.plate, dataIndex: 'plate', width: 110 },
          { title: tx.columns.registryNo, dataIndex: 'registryNo', width: 170 },
          { title: tx.fields.kind, dataIndex: 'kindLabel', width: 110 },
          { title: tx.columns.material, dataIndex: 'material' },
          { title: tx.columns.counterparty, dataIndex: 'party' },
          { title: tx.booked, dataIndex: 'bookedDay', width: 110, render: (v: string | null) => v ?? '' },
          {
            title: tx.columns.state, key: 'state', width: 180,
            render: (_, r) => (r.calledAt
              ? <Tag color="orange">{fill(tx.calledAt, { time: formatPlant(r.calledAt, TIME_FORMAT) })}</Tag>
              : <Tag>{tx.waitingState}</Tag>),
          },
          {
            title: '', key: 'call', width: 90,
            render: (_, r) => can('gt_gate_call') && (
              <Button size="small" type={r.calledAt ? 'default' : 'primary'} loading={busy === r.registryId} onClick={() => void callIn(r)} data-testid={`gate-call-${r.registryId}`}>
                {r.calledAt ? tx.callAgain : tx.call}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
