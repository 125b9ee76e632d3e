import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin, Table } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNav } from '@/app/hooks/useNav';
import { goTo } from '@/app/navigation';
import { findEntry } from '@/platform/menu/menu-routes';
import { plantDateTimeText } from '@/platform/plant-time';
import { batchDetail } from './api';
import { useFigures, type DialogProps } from './shared';

/**
 * 批次详情 (the batch archive's page button): the batch's silo, its produced quantity, what its
 * tickets took and what remains (the server's figures: domain/batch), its own test values and its
 * tickets, newest first; for a reader of 报表中心's 批次质量报告, a link to that report with the batch
 * filled in.
 */
const BATCH_REPORT_PATH = '/reportforms/batchQuality';

export function BatchDetailDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const fig = useFigures();
  const id = ctx.selectedIds[0] as string;
  const { data } = useQuery({ queryKey: ['batch-detail', id], queryFn: () => batchDetail(id), staleTime: 0, gcTime: 0 });
  const nav = useNav();
  const mayReport = Boolean(findEntry(nav.index, BATCH_REPORT_PATH));
  const openReport = (batchNo: string) => {
    onClose();
    goTo(`${BATCH_REPORT_PATH}?${new URLSearchParams({ batchNo }).toString()}`);
  };
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
            {mayReport && (
              <Button type="link" icon={<FileTextOutlined />} data-testid="batch-report-link" style={{ paddingLeft: 0, marginBottom: 8 }} onClick={() => openReport(data.batchNo)}>
                {t('ticketDialogs.batchReport')}
              </Button>
            )}
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
