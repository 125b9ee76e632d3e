import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { plantDateTimeText } from '@/platform/plant-time';
import { useClientLog, type ClientLogEntry } from '@/app/session/client-log-store';

/** The session's error log in a table (ClientLogButton opens it; its code loads then). */
export function ClientLogDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const entries = useClientLog((s) => s.entries);
  const clear = useClientLog((s) => s.clear);
  return (
    <Modal
      title={t('clientLog.title')}
      open={open}
      onCancel={onClose}
      width={900}
      footer={[
        <Button key="clear" danger disabled={!entries.length} onClick={clear}>{t('clientLog.clear')}</Button>,
        <Button key="ok" type="primary" onClick={onClose}>{t('common.ok')}</Button>,
      ]}
    >
      <Table<ClientLogEntry>
        rowKey={(r) => `${r.time}${r.message}`}
        size="small"
        dataSource={entries}
        locale={{ emptyText: t('clientLog.empty') }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('clientLog.time'), dataIndex: 'time', width: 170, render: (v: string) => plantDateTimeText(v) },
          { title: t('clientLog.type'), dataIndex: 'type', width: 90 },
          { title: t('clientLog.url'), dataIndex: 'url', width: 200, ellipsis: true },
          { title: t('clientLog.message'), dataIndex: 'message', ellipsis: true },
        ]}
        expandable={{ expandedRowRender: (r) => <pre className="wb-stack">{r.stack || r.info}</pre>, rowExpandable: (r) => Boolean(r.stack || r.info) }}
      />
    </Modal>
  );
}
