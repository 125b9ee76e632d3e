import { Badge, Result, Table, Tag } from 'antd';
import { TRIP_KIND_NAMES, type LiveVehicle } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { plantClockText, plantDateTimeText } from '@/platform/plant-time';
import { ReportFrame } from './ReportFrame';
import { useLiveVehicles } from './useLiveVehicles';
import { fill, useReportTexts } from './texts';
import { useDisplay } from '@/platform/display';

/** 厂内车辆实时统计 (/factoryvehicle/index): the trucks in the plant, as the server pushes them. */
export default function LiveVehiclesPage({ embedded = false }: { embedded?: boolean }) {
  const tx = useReportTexts();
  const display = useDisplay();
  const english = useEnglish();
  const { vehicles, status, updatedAt } = useLiveVehicles();
  const kindName = (k: string) => TRIP_KIND_NAMES[k]?.[english ? 'en' : 'zh'] ?? k;

  const state = (
    <span className="wb-live-status" data-testid="live-status" data-status={status}>
      <Badge status={status === 'live' ? 'processing' : 'error'} text={status === 'live' ? tx.connected : tx.reconnecting} />
      {updatedAt && <small className="wb-muted">{fill(tx.updatedAt, { time: plantClockText(updatedAt) })}</small>}
    </span>
  );
  const body = status === 'forbidden' ? (
    <Result status="403" title="403" subTitle={tx.noPermission} />
  ) : (
    <div className="wb-report-card">
      <div className="wb-report-summary">
        <span><span className="wb-live-count" data-testid="live-count">{vehicles.length}</span>{tx.inPlant}</span>
        {embedded && state}
      </div>
      <Table<LiveVehicle>
        rowKey="registryId"
        size="middle"
        pagination={false}
        dataSource={vehicles}
        locale={{ emptyText: tx.empty }}
        onRow={(v) => ({ 'data-plate': v.plateNumber }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: tx.liveColumns.plate, dataIndex: 'plateNumber', width: 120, render: (p: string) => <strong>{p}</strong> },
          { title: tx.liveColumns.kind, dataIndex: 'kind', width: 90, render: kindName },
          { title: tx.liveColumns.state, dataIndex: 'tripState', width: 150,
            render: (s: string, v) => (
              <>
                <Tag color={s === 'WEIGHING' ? 'orange' : 'blue'}>{tx.tripStates[s] ?? s}</Tag>
                {v.ticketState && <Tag>{tx.ticketStates[v.ticketState] ?? v.ticketState}</Tag>}
              </>
            ) },
          { title: tx.liveColumns.material, dataIndex: 'materialName' },
          { title: tx.liveColumns.counterparty, dataIndex: 'counterparty' },
          { title: tx.liveColumns.driver, dataIndex: 'driverName', width: 100 },
          { title: tx.liveColumns.enteredAt, dataIndex: 'enteredAt', width: 170, render: (v: string | null) => plantDateTimeText(v) },
          { title: tx.liveColumns.ticket, dataIndex: 'ticketNo', width: 170 },
          { title: tx.liveColumns.gross, dataIndex: 'gross', width: 100, className: 'wb-num', render: (v: string | null) => display.weight(v) },
          { title: tx.liveColumns.tare, dataIndex: 'tare', width: 100, className: 'wb-num', render: (v: string | null) => display.weight(v) },
        ]}
      />
    </div>
  );
  if (embedded) return body;
  return <ReportFrame title={tx.live} extra={state} testId="live-vehicles">{body}</ReportFrame>;
}
