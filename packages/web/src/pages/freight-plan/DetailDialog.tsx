import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PoundRow } from './api';
import { useWeightColumn, FuelAdvanceTable, money, PlanDialog, PlanHeader, RemittanceTable, useDetail, when, type DialogProps } from './shared';

/** 详情: the plan read-only, with its pound list and each ticket's freight, its remittances and its fuel-card advances. */
export function DetailDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const w = (k: string) => t(`freightPlan.pound.${k}`);
  const { data: detail, isFetching } = useDetail(ctx);
  const weight = useWeightColumn();
  return (
    <PlanDialog kind="detail" width={1000} plan={detail?.plan} onClose={onClose}>
      <PlanHeader plan={detail?.plan} full />
      <Typography.Title level={5}>{w('inList')}</Typography.Title>
      <Table<PoundRow> data-testid="detail-pounds" size="small" rowKey="ticketId" loading={isFetching} dataSource={detail?.pounds ?? []} pagination={false} scroll={{ y: 240 }}
        columns={[
          { title: w('ticketNo'), dataIndex: 'ticketNo', width: 170 },
          { title: w('plate'), dataIndex: 'plateNumber', width: 100 },
          { title: w('material'), dataIndex: 'materialName' },
          { title: w('completedAt'), dataIndex: 'completedAt', width: 140, render: (v: string | null) => when(v) },
          { title: weight.title(w('net')), dataIndex: 'net', align: 'right', width: 90, render: weight.render },
          { title: weight.title(w('shipped')), dataIndex: 'shipped', align: 'right', width: 90, render: weight.render },
          { title: w('freight'), dataIndex: 'freight', align: 'right', width: 110, render: money },
          { title: w('lossCharge'), dataIndex: 'lossCharge', align: 'right', width: 100, render: money },
        ]} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('freightPlan.remit.list')}</Typography.Title>
      <RemittanceTable rows={detail?.remittances ?? []} loading={isFetching} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>{t('freightPlan.oil.list')}</Typography.Title>
      <FuelAdvanceTable rows={detail?.fuelAdvances ?? []} loading={isFetching} />
    </PlanDialog>
  );
}
