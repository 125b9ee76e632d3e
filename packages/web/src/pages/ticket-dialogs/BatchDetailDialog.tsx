import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { plantDateTimeText } from '@/platform/plant-time';
import { batchDetail } from './api';
import { useFigures, type DialogProps } from './shared';

/**
 * 批次详情 (the batch archive's page button): the batch's silo, its produced quantity, what its
 * tickets took and what remains (the server's figures: domain/batch), its own test values and its
 * tickets, newest first.
 */
export function BatchDetailDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const fig = useFigures();
  const id = ctx.selectedIds[0] as string;
  const { data } = useQuery({ queryKey: ['batch-detail', id], queryFn: () => batchDetail(id), staleTime: 0, gcTime: 0 });
  return (
    <Modal open width={820} footer={null} onCancel={onClose} title={`${t('ticketDialogs.batchDetailTitle')}${data ? ` · ${data.batchNo}` : ''}`}>
      <div data-testid="batch-detail">
        {!data && <Spin />}
        {data && (
          <>
            <Descriptions size="small" bordered column={3} style={{ marginBottom: 12 }}
              items={[
                { key: 'material', label: t('ticketDialogs.batchMaterialCode'), children: data.materialCode ?? '—' },
                { key: 'silo', label: t('ticketDialogs.batchSilo'), children: data.siloName ?? '—' },
                { key: 'opened', label: t('ticketDialogs.batchOpenedAt'), children: data.openedAt ? plantDateTimeText(data.openedAt) : '—' },
                { key: 'closed', label: t('ticketDialogs.batchClosedAt'), children: data.closedAt ? plantDateTimeText(data.closedAt) : '—' },
                { key: 'quantity', label: fig.label(t('ticketDialogs.batchQuantity')), children: fig.tons(data.quantity) },
                { key: 'shipped', label: fig.label(t('ticketDialogs.batchShipped')), children: fig.tons(data.shipped) },
                { key: 'remaining', label: fig.label(t('ticketDialogs.batchRemainingLabel')), children: <strong data-testid="batch-remaining">{fig.tons(data.remaining)}</strong> },
                { key: 'tests', label: t('ticketDialogs.batchTests'), span: 2,
                  children: data.testValues.length ? data.testValues.map((v) => `${v.item} ${v.value}${v.unit ?? ''}`).join('；') : '—' },
              ]} />
            <Table size="small" rowKey="id" pagination={{ pageSize: 10 }} dataSource={data.tickets} data-testid="batch-tickets"
              columns={[
                { key: 'no', title: t('ticketDialogs.ticketNo'), dataIndex: 'ticketNo' },
                { key: 'plate', title: t('ticketDialogs.plate'), dataIndex: 'plateNumber' },
                { key: 'customer', title: t('ticketDialogs.batchCustomer'), dataIndex: 'customerName' },
                { key: 'state', title: t('ticketDialogs.batchState'), dataIndex: 'state', render: (s: string) => t(`ticketDialogs.states.${s}`, { defaultValue: s }) },
                { key: 'net', title: fig.label(t('ticketDialogs.net')), dataIndex: 'net', render: (v: string | null) => fig.tons(v) },
                { key: 'completed', title: t('ticketDialogs.batchCompleted'), dataIndex: 'completedAt', render: (v: string | null) => (v ? plantDateTimeText(v) : '—') },
              ]} />
          </>
        )}
      </div>
    </Modal>
  );
}
