import { useEffect, useState } from 'react';
import { Button, Card, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_FINDINGS, ALERT_SEVERITIES, ALERT_STATUSES, type AlertRow } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { usePage } from '@/app/layout/page-context';
import { plantMinuteText, DATE_FORMAT } from '@/platform/plant-time';
import { fetchAlerts, fetchMembers, fetchRuleSettings, type AlertQuery } from './api';
import { AlertDrawer } from './AlertDrawer';
import { FINDING_COLORS, findingWord, ruleWord, SEVERITY_COLORS, severityWord, STATUS_COLORS, statusWord } from './words';
import './i18n';

const PAGE_SIZE = 20;

interface Filter {
  status?: string; rule?: string; severity?: string; finding?: string; plate?: string; operatorId?: string; dates?: [Dayjs, Dayjs] | null;
  /** chosen by a click on a row's vendor or customer */
  party?: { kind: 'VENDOR' | 'CUSTOMER'; id: string; name: string };
}

/** The filter as the page was opened (the home page's counts open it with `status` and `severity`). */
function initialFilter(query: URLSearchParams): Filter {
  const status = query.get('status') ?? undefined;
  const severity = query.get('severity') ?? undefined;
  return {
    status: status && ([...ALERT_STATUSES, 'ACTIVE'] as string[]).includes(status) ? status : undefined,
    severity: severity && (ALERT_SEVERITIES as readonly string[]).includes(severity) ? severity : undefined,
  };
}

const toQuery = (f: Filter, page: number): AlertQuery => ({
  status: f.status, rule: f.rule, severity: f.severity, finding: f.finding, plate: f.plate?.trim() || undefined, operatorId: f.operatorId, partyKind: f.party?.kind, partyId: f.party?.id,
  from: f.dates?.[0]?.format(DATE_FORMAT), to: f.dates?.[1]?.format(DATE_FORMAT), pn: page, ps: PAGE_SIZE,
});

/** 预警中心 (/weigh/alert): the company's alerts, open first, with filters; a row opens its drawer. */
export default function AlertCentrePage() {
  const { t } = useTranslation();
  const english = useEnglish();
  const { query } = usePage();
  const [draft, setDraft] = useState<Filter>(() => initialFilter(query));
  const [filter, setFilter] = useState<Filter>(draft);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isFetching } = useQuery({ queryKey: ['alert', 'list', filter, page], queryFn: () => fetchAlerts(toQuery(filter, page)), placeholderData: keepPreviousData });
  const { data: rules } = useQuery({ queryKey: ['alert', 'rules'], queryFn: fetchRuleSettings, staleTime: 60_000 });
  const { data: people } = useQuery({ queryKey: ['alert', 'members'], queryFn: fetchMembers, staleTime: 60_000 });
  const search = (f: Filter) => {
    setFilter(f);
    setPage(1);
  };
  // the home page's cards open the list again with another severity while its tab is open
  const asked = query.toString();
  useEffect(() => {
    if (!asked) return;
    const f = initialFilter(new URLSearchParams(asked));
    setDraft(f);
    search(f);
  }, [asked]);

  const columns: ColumnsType<AlertRow> = [
    { title: t('alert.list.severity'), dataIndex: 'severity', width: 80, render: (_, r) => <Tag color={SEVERITY_COLORS[r.severity]}>{severityWord(r.severity, english)}</Tag> },
    { title: t('alert.list.rule'), dataIndex: 'rule', width: 140, render: (_, r) => ruleWord(r, english) },
    { title: t('alert.list.message'), dataIndex: 'message', ellipsis: true },
    { title: t('alert.list.plate'), dataIndex: 'plate', width: 100 },
    { title: t('alert.list.operator'), dataIndex: 'operatorName', width: 100 },
    {
      title: t('alert.list.party'), dataIndex: 'partyName', width: 160, ellipsis: true,
      render: (_, r) => r.partyKind && r.partyId ? (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => { const f = { ...draft, party: { kind: r.partyKind!, id: r.partyId!, name: r.partyName ?? '' } }; setDraft(f); search(f); }}>{r.partyName}</Button>
      ) : r.partyName,
    },
    { title: t('alert.list.occurredAt'), dataIndex: 'occurredAt', width: 140, render: (v) => plantMinuteText(v) },
    {
      title: t('alert.list.status'), dataIndex: 'status', width: 150,
      render: (_, r) => (
        <Space size={4}>
          <Tag color={STATUS_COLORS[r.status]}>{statusWord(r.status, english)}</Tag>
          {r.finding && <Tag color={FINDING_COLORS[r.finding]}>{findingWord(r.finding, english)}</Tag>}
        </Space>
      ),
    },
    { title: t('alert.list.assignee'), dataIndex: 'assigneeName', width: 90 },
    {
      title: '', key: 'open', width: 70, fixed: 'right',
      render: (_, r) => <Button size="small" type="link" onClick={() => setOpenId(r.id)} data-testid={`alert-open-${r.id}`}>{t('alert.list.open')}</Button>,
    },
  ];

  const options = <T extends string>(codes: readonly T[], word: (c: T) => string) => codes.map((c) => ({ value: c, label: word(c) }));
  return (
    <Card size="small" data-testid="alert-centre">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select allowClear style={{ width: 120 }} placeholder={t('alert.list.status')} value={draft.status} data-testid="alert-filter-status"
          options={[{ value: 'ACTIVE', label: t('alert.list.active') }, ...options(ALERT_STATUSES, (s) => statusWord(s, english))]}
          onChange={(status) => setDraft({ ...draft, status })} />
        <Select allowClear style={{ width: 110 }} placeholder={t('alert.list.severity')} value={draft.severity} data-testid="alert-filter-severity"
          options={options(ALERT_SEVERITIES, (s) => severityWord(s, english))} onChange={(severity) => setDraft({ ...draft, severity })} />
        <Select allowClear style={{ width: 170 }} placeholder={t('alert.list.rule')} value={draft.rule} data-testid="alert-filter-rule"
          options={(rules ?? []).map((r) => ({ value: r.rule, label: english ? r.labelEn : r.label }))} onChange={(rule) => setDraft({ ...draft, rule })} />
        <Select allowClear style={{ width: 110 }} placeholder={t('alert.list.finding')} value={draft.finding}
          options={options(ALERT_FINDINGS, (f) => findingWord(f, english))} onChange={(finding) => setDraft({ ...draft, finding })} />
        <Select allowClear showSearch optionFilterProp="label" style={{ width: 130 }} placeholder={t('alert.list.operator')} value={draft.operatorId}
          options={(people ?? []).map((p) => ({ value: p.id, label: p.name }))} onChange={(operatorId) => setDraft({ ...draft, operatorId })} />
        <Input allowClear style={{ width: 130 }} placeholder={t('alert.list.plate')} value={draft.plate} onChange={(e) => setDraft({ ...draft, plate: e.target.value })}
          onPressEnter={() => search(draft)} data-testid="alert-filter-plate" />
        {draft.party && <Tag closable onClose={() => { const f = { ...draft, party: undefined }; setDraft(f); search(f); }}>{t('alert.list.party')}：{draft.party.name}</Tag>}
        <DatePicker.RangePicker value={draft.dates ?? null} onChange={(dates) => setDraft({ ...draft, dates: dates as [Dayjs, Dayjs] | null })} />
        <Button type="primary" onClick={() => search(draft)} data-testid="alert-search">{t('alert.list.search')}</Button>
        <Button onClick={() => { setDraft({}); search({}); }}>{t('alert.list.reset')}</Button>
      </Space>
      <Table<AlertRow>
        rowKey="id" size="small" columns={columns} dataSource={data?.list ?? []} loading={isFetching} scroll={{ x: 1200 }}
        onRow={(r) => ({ onDoubleClick: () => setOpenId(r.id), 'data-testid': `alert-row-${r.id}` } as React.HTMLAttributes<HTMLElement>)}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (total) => t('alert.list.total', { total }) }}
      />
      {openId && <AlertDrawer id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
