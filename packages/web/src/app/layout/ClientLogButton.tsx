import { useState } from 'react';
import { Badge, Button, Modal, Table } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useClientLog, type ClientLogEntry } from '@/app/session/client-log-store';
import { HeaderButton } from './HeaderButton';

/** The error log of this session (the 'log' switch): what failed in this browser, for a support call. */
export function ClientLogButton() {
  const { t } = useTranslation();
  const entries = useClientLog((s) => s.entries);
  const clear = useClientLog((s) => s.clear);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={entries.length} size="small" offset={[-6, 6]}>
        <HeaderButton title={t('top.log')} icon={<BugOutlined />} onClick={() => setOpen(true)} testId="log-button" />
      </Badge>
      <Modal
        title={t('clientLog.title')}
        open={open}
        onCancel={() => setOpen(false)}
        width={900}
        footer={[
          <Button key="clear" danger disabled={!entries.length} onClick={clear}>{t('clientLog.clear')}</Button>,
          <Button key="ok" type="primary" onClick={() => setOpen(false)}>{t('common.ok')}</Button>,
        ]}
      >
        <Table<ClientLogEntry>
          rowKey={(r) => `${r.time}${r.message}`}
          size="small"
          dataSource={entries}
          locale={{ emptyText: t('clientLog.empty') }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: t('clientLog.time'), dataIndex: 'time', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
            { title: t('clientLog.type'), dataIndex: 'type', width: 90 },
            { title: t('clientLog.url'), dataIndex: 'url', width: 200, ellipsis: true },
            { title: t('clientLog.message'), dataIndex: 'message', ellipsis: true },
          ]}
          expandable={{ expandedRowRender: (r) => <pre className="wb-stack">{r.stack || r.info}</pre>, rowExpandable: (r) => Boolean(r.stack || r.info) }}
        />
      </Modal>
    </>
  );
}
