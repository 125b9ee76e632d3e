import { useState } from 'react';
import { Badge, Button, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INSTANCE_STATUS_NAMES, WORKFLOW_ACTION_NAMES, workflowDetailPath, type CcRow, type DoneRow, type InstanceStatus, type MineRow, type TodoRow } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { usePage } from '@/app/layout/page-context';
import { fetchDocTypes, fetchWorkflowList, WORKFLOW_TABS, type WorkflowRows, type WorkflowTab } from './api';
import { useWorkflowCounts } from './counts';
import { usePlantTime } from './use-plant-time';
import './workflow.css';
import './i18n';

const STATUS_COLORS: Record<InstanceStatus, string> = { running: 'processing', approved: 'success', rejected: 'error', revoked: 'default' };
const PAGE_SIZE = 20;

/** 我的待办 (/workflow/todo): the caller's tasks, what they decided, what they started and what was copied to them. */
export default function WorkflowTodoPage() {
  const { t } = useTranslation();
  const { query } = usePage();
  const counts = useWorkflowCounts((s) => s.counts);
  const first = query.get('tab');
  const [tab, setTab] = useState<WorkflowTab>(WORKFLOW_TABS.includes(first as WorkflowTab) ? (first as WorkflowTab) : 'todo');
  const figure: Record<WorkflowTab, number | undefined> = { todo: counts?.todo, done: undefined, mine: undefined, cc: counts?.ccUnread };
  return (
    <Card size="small" data-testid="workflow-todo">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as WorkflowTab)}
        destroyOnHidden
        items={WORKFLOW_TABS.map((k) => ({
          key: k,
          label: <span data-testid={`workflow-tab-${k}`}>{t(`workflow.todo.tabs.${k}`)} {figure[k] ? <Badge count={figure[k]} size="small" /> : null}</span>,
          children: <WorkflowList tab={k} />,
        }))}
      />
    </Card>
  );
}

function WorkflowList<K extends WorkflowTab>({ tab }: { tab: K }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const navigate = useNavigate();
  const plantTime = usePlantTime();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [docType, setDocType] = useState<string | null>(null);
  const types = useQuery({ queryKey: ['workflow', 'doc-types'], queryFn: fetchDocTypes, staleTime: 5 * 60_000 });
  const list = useQuery({
    queryKey: ['workflow', 'list', tab, page, keyword, docType],
    queryFn: () => fetchWorkflowList(tab, { page, limit: PAGE_SIZE, keyword: keyword || null, docType }),
    placeholderData: keepPreviousData,
  });
  const open = (row: WorkflowRows[K]) => navigate(workflowDetailPath(row.instanceId));

  const base: ColumnsType<WorkflowRows[K]> = [
    { title: t('workflow.todo.docType'), key: 'docType', width: 120, render: (_, r) => (english ? r.docTypeNameEn : r.docTypeName) },
    { title: t('workflow.todo.docNo'), dataIndex: 'docNo', width: 170 },
    { title: t('workflow.todo.title'), dataIndex: 'title', width: 200, ellipsis: true },
    { title: t('workflow.todo.initiator'), dataIndex: 'initiatorName', width: 100 },
    { title: t('workflow.todo.startedAt'), dataIndex: 'startedAt', width: 170, render: (v: string) => plantTime(v) },
  ];
  const status = { title: t('workflow.todo.status'), dataIndex: 'status', width: 100, render: (v: InstanceStatus) => <Tag color={STATUS_COLORS[v]}>{english ? INSTANCE_STATUS_NAMES[v].en : INSTANCE_STATUS_NAMES[v].zh}</Tag> };
  const step = { title: t('workflow.todo.step'), dataIndex: 'currentStepName', width: 130 };
  const own: Record<WorkflowTab, ColumnsType<never>> = {
    todo: [
      { title: t('workflow.todo.step'), dataIndex: 'stepName', width: 130 },
      { title: t('workflow.todo.waitingSince'), dataIndex: 'waitingSince', width: 170, render: (v: string) => plantTime(v) },
    ],
    done: [
      { title: t('workflow.todo.myAction'), key: 'myAction', width: 100, render: (_, r: DoneRow) => (english ? WORKFLOW_ACTION_NAMES[r.myAction].en : WORKFLOW_ACTION_NAMES[r.myAction].zh) },
      { title: t('workflow.todo.myActionAt'), dataIndex: 'myActionAt', width: 170, render: (v: string) => plantTime(v) },
      { title: t('workflow.todo.comment'), dataIndex: 'myComment', width: 200, ellipsis: true },
      step, status,
    ] as ColumnsType<never>,
    mine: [step, status, { title: t('workflow.todo.finishedAt'), dataIndex: 'finishedAt', width: 170, render: (v: string | null) => plantTime(v) }] as ColumnsType<never>,
    cc: [
      { title: t('workflow.todo.kind'), key: 'kind', width: 80, render: (_, r: CcRow) => <Space size={4}>{t(`workflow.ccKinds.${r.kind}`)}{!r.read && <Badge status="error" title={t('workflow.todo.unread')} />}</Space> },
      { title: t('workflow.todo.sentBy'), dataIndex: 'sentBy', width: 100 },
      { title: t('workflow.todo.sentAt'), dataIndex: 'sentAt', width: 170, render: (v: string) => plantTime(v) },
      status,
    ] as ColumnsType<never>,
  };
  const action: ColumnsType<WorkflowRows[K]>[number] = {
    title: '', key: 'open', width: 80, fixed: 'right',
    render: (_, r) => <Button size="small" type={tab === 'todo' ? 'primary' : 'link'} onClick={() => open(r)} data-testid={`open-${r.docNo ?? r.instanceId}`}>{tab === 'todo' ? t('workflow.todo.handle') : t('workflow.todo.open')}</Button>,
  };
  const columns = [...base, ...(own[tab] as ColumnsType<WorkflowRows[K]>), action];

  return (
    <div data-testid={`workflow-list-${tab}`}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('workflow.todo.allTypes')}
          value={docType ?? undefined}
          options={(types.data ?? []).map((d) => ({ value: d.key, label: english ? d.nameEn : d.name }))}
          onChange={(v: string | undefined) => { setDocType(v ?? null); setPage(1); }}
        />
        <Input.Search allowClear placeholder={t('workflow.todo.keyword')} style={{ width: 240 }} onSearch={(v) => { setKeyword(v.trim()); setPage(1); }} data-testid={`workflow-search-${tab}`} />
      </Space>
      <Table<WorkflowRows[K]>
        size="small"
        bordered
        rowKey={(r) => rowKeyOf(tab, r)}
        loading={list.isFetching && !list.data}
        columns={columns}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ onDoubleClick: () => open(r) })}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total) => t('common.total', { total }) }}
      />
    </div>
  );
}

function rowKeyOf(tab: WorkflowTab, r: TodoRow | DoneRow | MineRow | CcRow): string {
  if (tab === 'todo') return (r as TodoRow).taskId;
  if (tab === 'cc') return (r as CcRow).ccId;
  return r.instanceId;
}
