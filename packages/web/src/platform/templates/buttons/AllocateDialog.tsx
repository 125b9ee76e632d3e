import { useState } from 'react';
import { Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/platform/feedback';
import { fetchAllocatableOrgs, type OrgChoice } from '../api';

interface Props {
  open: boolean;
  action: 'allocate' | 'cancelAllocate';
  onClose(): void;
  onConfirm(orgIds: string[]): Promise<void>;
}

/** Allocate / cancel allocation of group archives: choose the organisations. */
export function AllocateDialog({ open, action, onClose, onConfirm }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const { data, isFetching } = useQuery({ queryKey: ['allocatable-orgs'], queryFn: fetchAllocatableOrgs, enabled: open });
  const confirm = async () => {
    if (chosen.length === 0) return feedback.warning(t('listScreen.chooseOrgs'), 2);
    setBusy(true);
    try {
      await onConfirm(chosen);
      setChosen([]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t(action === 'allocate' ? 'listScreen.allocateTitle' : 'listScreen.cancelAllocateTitle')}
      width={600}
      onCancel={() => (setChosen([]), onClose())}
      onOk={() => void confirm()}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      <Table<OrgChoice>
        data-testid="allocate-orgs"
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={false}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
        columns={[
          { title: t('company.orgCode'), dataIndex: 'orgCode', width: 160 },
          { title: t('company.orgName'), dataIndex: 'orgName' },
        ]}
      />
    </Modal>
  );
}
