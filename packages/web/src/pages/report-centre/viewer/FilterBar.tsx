import { useState } from 'react';
import { Button, DatePicker, Input, InputNumber, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ReportDefinition, ReportParam } from '@wb/protocol';
import { useTranslation } from 'react-i18next';
import { call } from '@/platform/api/http';
import { PlantDatePicker } from '@/platform/PlantDatePicker';
import { fromPicker, MONTH_FORMAT, toPicker } from '@/platform/plant-time';
import { shownParams, type FilterValues } from './filters';

/** The archives a master-data parameter is picked from: its list call and its code and name fields. */
const ARCHIVES: Partial<Record<ReportParam['type'], { list: string; code: string; name: string }>> = {
  vendor: { list: '/masterdata/vendor/v2/list', code: 'vendorCode', name: 'vendorName' },
  customer: { list: '/masterdata/customer/v2/list', code: 'customerCode', name: 'customerName' },
  carrier: { list: '/masterdata/carrier/v2/list', code: 'carrierCode', name: 'carrierName' },
  material: { list: '/masterdata/inventory/v2/list', code: 'invCode', name: 'invName' },
  warehouse: { list: '/masterdata/warehouse/v2/list', code: 'wareCode', name: 'wareName' },
};

/** A code picker: the archive searched by code or name as one types, the id kept. */
function CodePicker({ type, value, onChange, placeholder, testId }: { type: ReportParam['type']; value: unknown; onChange(v: string | null): void; placeholder: string; testId: string }) {
  const { t } = useTranslation();
  const archive = ARCHIVES[type];
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: ['report-code-picker', type, text],
    enabled: Boolean(archive),
    queryFn: () => call<{ list: Record<string, unknown>[] }>(archive!.list, {
      method: 'POST',
      body: {
        limit: { pn: 1, ps: 20 },
        ...(text ? { search: [{ conj: 'or', search: [{ key: archive!.code, op: 'like', val: text }, { key: archive!.name, op: 'like', val: text }] }] } : {}),
      },
      quiet: true,
    }),
  });
  if (!archive) {
    // an archive without a picker here: its id, as the dataset takes it
    return <Input allowClear style={{ width: 160 }} placeholder={placeholder} value={typeof value === 'string' ? value : ''} data-testid={testId}
      onChange={(e) => onChange(e.target.value.trim() || null)} />;
  }
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      style={{ width: 200 }}
      placeholder={placeholder}
      notFoundContent={t('reportCentre.viewer.searchCode')}
      value={typeof value === 'string' ? value : undefined}
      onChange={(v) => onChange(v ?? null)}
      loading={found.isFetching}
      data-testid={testId}
      options={(found.data?.list ?? []).map((r) => ({ value: String(r.id), label: `${String(r[archive.code] ?? '')} ${String(r[archive.name] ?? '')}` }))}
    />
  );
}

export interface FilterBarProps {
  params: ReportParam[];
  definition: Pick<ReportDefinition, 'params'>;
  orgs: { id: string; name: string }[];
  /** the plant's scales: a 'scale' parameter's choices */
  scales?: { id: string; name: string }[];
  values: FilterValues;
  onChange(values: FilterValues): void;
  onQuery(): void;
  onReset(): void;
  busy: boolean;
  english: boolean;
  extra?: React.ReactNode;
}

/** 查询条件: one field per shown parameter (dates on the plant's clock), 查询 and 重置. */
export function FilterBar({ params, definition, orgs, scales = [], values, onChange, onQuery, onReset, busy, english, extra }: FilterBarProps) {
  const { t } = useTranslation();
  const set = (key: string, v: unknown) => onChange({ ...values, [key]: v });
  const field = (p: ReportParam) => {
    const title = english && p.titleEn ? p.titleEn : p.title;
    const testId = `report-param-${p.key}`;
    const v = values[p.key];
    switch (p.type) {
      case 'date':
        return <PlantDatePicker allowClear={!p.required} value={typeof v === 'string' ? v : null} onChange={(d) => set(p.key, d)} data-testid={testId} />;
      case 'dateRange': {
        const [from, to] = Array.isArray(v) ? (v as (string | null)[]) : [null, null];
        return (
          <Space.Compact>
            <PlantDatePicker placeholder={t('reportCentre.viewer.from')} value={from ?? null} onChange={(d) => set(p.key, [d, to ?? null])} data-testid={`${testId}-from`} />
            <PlantDatePicker placeholder={t('reportCentre.viewer.to')} value={to ?? null} onChange={(d) => set(p.key, [from ?? null, d])} data-testid={`${testId}-to`} />
          </Space.Compact>
        );
      }
      case 'month':
      case 'year': {
        const format = p.type === 'month' ? MONTH_FORMAT : 'YYYY';
        return <DatePicker picker={p.type} format={format} value={toPicker(v, format)} onChange={(d) => set(p.key, fromPicker(d, format))} data-testid={testId} />;
      }
      case 'org':
        return <Select style={{ width: 220 }} allowClear placeholder={title} value={typeof v === 'string' ? v : undefined} onChange={(x) => set(p.key, x ?? null)}
          options={orgs.map((o) => ({ value: o.id, label: o.name }))} data-testid={testId} />;
      case 'scale':
        return <Select style={{ width: 200 }} allowClear placeholder={t('reportCentre.viewer.all')} value={typeof v === 'string' ? v : undefined} onChange={(x) => set(p.key, x ?? null)}
          options={scales.map((s) => ({ value: s.id, label: `${s.id} ${s.name}` }))} data-testid={testId} />;
      case 'select':
        return <Select style={{ width: 160 }} allowClear placeholder={t('reportCentre.viewer.all')} value={typeof v === 'string' ? v : undefined} onChange={(x) => set(p.key, x ?? null)}
          options={(p.options ?? []).map((o) => ({ value: o.value, label: english && o.labelEn ? o.labelEn : o.label }))} data-testid={testId} />;
      case 'number':
        return <InputNumber style={{ width: 140 }} value={typeof v === 'number' ? v : null} onChange={(x) => set(p.key, x)} data-testid={testId} />;
      case 'text':
        return <Input allowClear style={{ width: 160 }} value={typeof v === 'string' ? v : ''} onChange={(e) => set(p.key, e.target.value)} data-testid={testId} />;
      default:
        return <CodePicker type={p.type} value={v} placeholder={title} onChange={(x) => set(p.key, x)} testId={testId} />;
    }
  };
  return (
    <div className="wb-report-filters" data-testid="report-filters">
      {shownParams(params, definition).map((p) => (
        <label key={p.key} className="wb-report-filter">
          <span className={p.required ? 'wb-report-filter-required' : undefined}>{english && p.titleEn ? p.titleEn : p.title}</span>
          {field(p)}
        </label>
      ))}
      <Space>
        <Button type="primary" loading={busy} onClick={onQuery} data-testid="report-query">{t('reportCentre.viewer.query')}</Button>
        <Button onClick={onReset} data-testid="report-reset">{t('reportCentre.viewer.reset')}</Button>
        {extra}
      </Space>
    </div>
  );
}
