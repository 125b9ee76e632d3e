import { useState } from 'react';
import { Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@wb/protocol';
import { usePage } from '@/app/layout/page-context';
import { usePageSize } from '@/platform/page-size';
import { useSettings } from '@/app/session/settings-store';
import { fetchOperationLog, type LogRow } from '@/platform/api/workspace-api';
import './operation-log.css';

const ACTION_COLORS: Record<string, string> = {
  login: 'blue', logout: 'default', switchOrg: 'purple', modifyPassword: 'orange', resetPassword: 'red', registerPermission: 'cyan',
};

/** 操作日志: who did what in the current company, newest first. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const { path } = usePage();
  const rowHighlight = useSettings((s) => s.rowHighlight);
  const [pn, setPn] = useState(1);
  const [ps, setPs] = usePageSize(path);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { data, isFetching } = useQuery({
    queryKey: ['operation-log', pn, ps],
    queryFn: () => fetchOperationLog(pn, ps),
    placeholderData: keepPreviousData,
  });
  const actionLabel = (action: string) => {
    const key = `log.actions.${action}`;
    const text = t(key);
    return text === key ? action : text;
  };

  return (
    <div className="wb-card" data-testid="operation-log">
      <Table<LogRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        rowClassName={(row) => (rowHighlight && row.id === selectedId ? 'wb-row-selected' : '')}
        onRow={(row) => ({ onClick: () => setSelectedId(row.id) })}
        columns={[
          { title: t('log.createDate'), dataIndex: 'createDate', width: 180, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('log.username'), dataIndex: 'username', width: 140 },
          { title: t('log.action'), dataIndex: 'action', width: 140, render: (a: string) => <Tag color={ACTION_COLORS[a] ?? 'default'}>{actionLabel(a)}</Tag> },
          { title: t('log.detail'), dataIndex: 'detail', ellipsis: true },
          { title: t('log.ip'), dataIndex: 'ip', width: 160 },
        ]}
        pagination={{
          current: pn,
          pageSize: ps,
          total: data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, size) => {
            if (size !== ps) {
              setPs(size);
              setPn(1);
            } else setPn(page);
          },
        }}
      />
    </div>
  );
}
