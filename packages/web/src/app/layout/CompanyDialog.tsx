import { type HTMLAttributes, useState } from 'react';
import { App, Input, Modal, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_DEFAULT, type OrgSummary } from '@wb/protocol';
import { checkCompanyChoice, keepLastTicked } from '@/app/session/company-choice';
import { switchCompany } from '@/app/session/session-actions';
import { useSession } from '@/app/session/session-store';
import { ApiError } from '@/platform/api/http';
import { fetchCurrentOrgs } from '@/platform/api/workspace-api';
import { logClientError } from '@/app/session/client-log-store';

/** 选择组织机构: the companies the user belongs to; confirm switches to the one ticked. */
export function CompanyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currentOrg = useSession((s) => s.userInfo?.currentOrg ?? null);
  const [pn, setPn] = useState(1);
  const [orgName, setOrgName] = useState('');
  const [selected, setSelected] = useState<OrgSummary[]>([]);
  const [busy, setBusy] = useState(false);
  const { data, isFetching } = useQuery({
    queryKey: ['current-orgs', currentOrg, pn, orgName],
    queryFn: () => fetchCurrentOrgs({ pn, ps: PAGE_SIZE_DEFAULT, orgName }),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const confirm = async () => {
    const choice = checkCompanyChoice(selected, currentOrg);
    if (!choice.ok) {
      message.warning(t(`company.${choice.problem}`));
      return;
    }
    setBusy(true);
    try {
      await switchCompany(choice.org.id);
      message.success(t('company.switched', { name: choice.org.orgName }));
      setSelected([]);
      onClose();
    } catch (err) {
      // The api client has already reported its own failures; anything else is a fault to log.
      if (!(err instanceof ApiError)) {
        logClientError('error', err, 'company switch');
        message.error((err as Error).message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('company.title')}
      open={open}
      onCancel={() => {
        setSelected([]);
        onClose();
      }}
      onOk={confirm}
      confirmLoading={busy}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      width={640}
      destroyOnHidden
    >
      <div data-testid="company-dialog">
      <Input.Search
        className="wb-company-search"
        placeholder={t('company.search')}
        allowClear
        onSearch={(v) => {
          setOrgName(v);
          setPn(1);
        }}
        data-testid="company-search"
      />
      <Table<OrgSummary>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((o) => o.id),
          hideSelectAll: true,
          onChange: (_keys, rows) => setSelected((previous) => keepLastTicked(previous, rows)),
        }}
        onRow={(row) => ({
          onClick: () => setSelected((s) => (s.some((o) => o.id === row.id) ? s.filter((o) => o.id !== row.id) : [...s, row])),
          'data-testid': `company-row-${row.orgCode}`,
        } as HTMLAttributes<HTMLElement>)}
        columns={[
          { title: t('company.orgCode'), dataIndex: 'orgCode', width: 160 },
          {
            title: t('company.orgName'),
            dataIndex: 'orgName',
            render: (name: string, row) => (
              <>
                {name} {row.selected && <Tag color="blue">{t('company.current')}</Tag>}
              </>
            ),
          },
        ]}
        pagination={{ current: pn, pageSize: PAGE_SIZE_DEFAULT, total: data?.total ?? 0, onChange: setPn, showSizeChanger: false, hideOnSinglePage: true }}
      />
      </div>
    </Modal>
  );
}
