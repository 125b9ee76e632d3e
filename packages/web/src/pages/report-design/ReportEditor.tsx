import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Spin, Table, Tabs } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_FIELD_TYPES, type ReportColumn, type ReportDatasetInfo, type ReportDefinition, type ReportHead } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { feedback } from '@/platform/feedback';
import { ReportViewer } from '@/pages/report-centre/viewer/ReportViewer';
import { companyRoles, createReport, datasets, getReport, updateReport } from './api';

const EMPTY: ReportDefinition = {
  code: '', name: '', nameEn: '', source: { kind: 'dataset', key: '' }, params: [], columns: [], heads: [], groupBy: [], sort: [],
  page: { size: 'A4', orientation: 'landscape' }, roles: [],
};
const TOTALS = ['none', 'sum', 'avg', 'count', 'min', 'max'] as const;

const sourceKeyOf = (s: ReportDefinition['source']) => (s.kind === 'dataset' ? s.key : `sql:${s.id}`);
const sourceOf = (key: string): ReportDefinition['source'] => {
  const m = /^sql:(\d+)$/.exec(key);
  return m ? { kind: 'sql', id: m[1] } : { kind: 'dataset', key };
};
function moved<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * The editor of one report: its source, parameters, columns (from the dataset's fields), style
 * heads, grouping, sorting, chart, page setup and roles. Saved whole; the server checks it against
 * the dataset and answers a problem naming the field.
 */
export function ReportEditor({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tx = (k: string) => t(`reportCentre.design.${k}`);
  const english = useEnglish();
  const [def, setDef] = useState<ReportDefinition>(EMPTY);
  const [version, setVersion] = useState<number | null>(null);
  const [savedId, setSavedId] = useState<string | null>(id);
  const [preview, setPreview] = useState(false);
  const client = useQueryClient();
  const loaded = useQuery({ queryKey: ['report-design', 'one', id], queryFn: () => getReport(id as string), enabled: id !== null });
  const sources = useQuery({ queryKey: ['report-design', 'datasets'], queryFn: datasets });
  const roles = useQuery({ queryKey: ['report-design', 'roles'], queryFn: companyRoles });
  useEffect(() => {
    if (loaded.data) {
      setDef(loaded.data.definition);
      setVersion(loaded.data.version);
    }
  }, [loaded.data]);
  const dataset: ReportDatasetInfo | undefined = useMemo(
    () => sources.data?.find((d) => d.key === sourceKeyOf(def.source)),
    [sources.data, def.source],
  );
  const label = (x: { title: string; titleEn: string }) => (english && x.titleEn ? x.titleEn : x.title);
  const patch = (p: Partial<ReportDefinition>) => setDef((d) => ({ ...d, ...p }));
  const setColumn = (i: number, p: Partial<ReportColumn>) => patch({ columns: def.columns.map((c, j) => (j === i ? { ...c, ...p } : c)) });
  const setHead = (i: number, p: Partial<ReportHead>) => patch({ heads: def.heads.map((h, j) => (j === i ? { ...h, ...p } : h)) });
  const columnOptions = def.columns.map((c) => ({ value: c.field, label: `${label(c)} (${c.field})` }));

  const save = useMutation({
    mutationFn: () => (savedId && version !== null ? updateReport(savedId, def, version) : createReport(def)),
    onSuccess: (r) => {
      setSavedId(r.id);
      setVersion(r.version);
      setDef(r.definition);
      // the preview reads the saved definition again
      void client.invalidateQueries({ queryKey: ['report-view', r.code] });
      feedback.success(tx('saved'));
    },
  });

  if (id !== null && loaded.isLoading) return <Spin />;

  const pickSource = (key: string) => {
    const ds = sources.data?.find((d) => d.key === key);
    // a new source: its fields become the columns, the rest starts over
    patch({
      source: sourceOf(key), params: [], heads: [], groupBy: [], sort: [], chart: undefined,
      columns: (ds?.fields ?? []).map((f) => ({ field: f.key, title: f.title, titleEn: f.titleEn, ...(f.total ? { total: 'sum' as const } : {}) })),
      ...(def.name ? {} : { name: ds?.name ?? '', nameEn: ds?.nameEn ?? '' }),
    });
  };

  const paramRows = (dataset?.params ?? []).map((p) => ({ ...p, own: def.params.find((x) => x.key === p.key) }));
  const setParam = (key: string, p: { default?: string; hidden?: boolean }) => {
    const own = def.params.find((x) => x.key === key) ?? { key };
    const next = { ...own, ...p };
    if (next.default === '') delete next.default;
    if (!next.hidden) delete next.hidden;
    const rest = def.params.filter((x) => x.key !== key);
    patch({ params: next.default === undefined && !next.hidden ? rest : [...rest, next] });
  };
  const unused = (dataset?.fields ?? []).filter((f) => !def.columns.some((c) => c.field === f.key));

  const tabs = [
    {
      key: 'basic', label: tx('tabs.basic'),
      children: (
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item label={tx('source')} required>
            <Select
              data-testid="rd-source" showSearch={{ optionFilterProp: 'label' }} placeholder={tx('pickSource')}
              value={def.source.kind === 'dataset' && !def.source.key ? undefined : sourceKeyOf(def.source)}
              options={(sources.data ?? []).map((d) => ({ value: d.key, label: `${english ? d.nameEn || d.name : d.name} (${d.key})` }))}
              onChange={pickSource}
            />
          </Form.Item>
          <Form.Item label={tx('code')} required>
            <Input data-testid="rd-code" value={def.code} disabled={savedId !== null} onChange={(e) => patch({ code: e.target.value.trim() })} />
          </Form.Item>
          <Form.Item label={tx('name')} required>
            <Input data-testid="rd-name" value={def.name} onChange={(e) => patch({ name: e.target.value })} />
          </Form.Item>
          <Form.Item label={tx('nameEn')}>
            <Input data-testid="rd-name-en" value={def.nameEn} onChange={(e) => patch({ nameEn: e.target.value })} />
          </Form.Item>
        </Form>
      ),
    },
    {
      key: 'params', label: tx('tabs.params'),
      children: (
        <Table
          rowKey="key" size="small" pagination={false} dataSource={paramRows} footer={() => tx('macroHint')}
          columns={[
            { title: tx('param'), render: (_, p) => `${label(p)} (${p.key})` },
            { title: tx('paramType'), dataIndex: 'type' },
            {
              title: tx('defaultValue'),
              render: (_, p) => <Input size="small" placeholder={p.default} value={p.own?.default ?? ''} onChange={(e) => setParam(p.key, { default: e.target.value })} data-testid={`rd-param-default-${p.key}`} />,
            },
            { title: tx('hidden'), render: (_, p) => <Checkbox checked={Boolean(p.own?.hidden)} onChange={(e) => setParam(p.key, { hidden: e.target.checked })} /> },
          ]}
        />
      ),
    },
    {
      key: 'columns', label: tx('tabs.columns'),
      children: (
        <>
          <Table<ReportColumn>
            rowKey="field" size="small" pagination={false} dataSource={def.columns} data-testid="rd-columns" scroll={{ x: true }}
            columns={[
              { title: tx('field'), dataIndex: 'field' },
              { title: tx('colTitle'), render: (_, c, i) => <Input size="small" value={c.title} onChange={(e) => setColumn(i, { title: e.target.value })} data-testid={`rd-col-title-${c.field}`} /> },
              { title: tx('colTitleEn'), render: (_, c, i) => <Input size="small" value={c.titleEn} onChange={(e) => setColumn(i, { titleEn: e.target.value })} /> },
              { title: tx('width'), render: (_, c, i) => <InputNumber size="small" min={40} max={800} value={c.width} onChange={(v) => setColumn(i, { width: v ?? undefined })} /> },
              {
                title: tx('format'),
                render: (_, c, i) => <Select size="small" allowClear style={{ width: 100 }} value={c.format} options={REPORT_FIELD_TYPES.map((f) => ({ value: f, label: f }))} onChange={(v) => setColumn(i, { format: v })} />,
              },
              {
                title: tx('align'),
                render: (_, c, i) => <Select size="small" allowClear style={{ width: 80 }} value={c.align} options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: tx(a) }))} onChange={(v) => setColumn(i, { align: v })} />,
              },
              {
                title: tx('total'),
                render: (_, c, i) => <Select size="small" style={{ width: 90 }} value={c.total ?? 'none'} options={TOTALS.map((v) => ({ value: v, label: v }))} onChange={(v) => setColumn(i, { total: v })} data-testid={`rd-col-total-${c.field}`} />,
              },
              {
                title: tx('head'),
                render: (_, c, i) => (
                  <Select
                    size="small" allowClear style={{ width: 120 }} value={c.head} data-testid={`rd-col-head-${c.field}`}
                    options={def.heads.map((h) => ({ value: h.id, label: h.title }))} onChange={(v) => setColumn(i, { head: v })}
                  />
                ),
              },
              {
                title: '', key: 'move',
                render: (_, c, i) => (
                  <Space size={0}>
                    <Button size="small" type="link" disabled={i === 0} onClick={() => patch({ columns: moved(def.columns, i, i - 1) })} data-testid={`rd-col-up-${c.field}`}>{tx('up')}</Button>
                    <Button size="small" type="link" disabled={i === def.columns.length - 1} onClick={() => patch({ columns: moved(def.columns, i, i + 1) })}>{tx('down')}</Button>
                    <Button size="small" type="link" danger onClick={() => patch({ columns: def.columns.filter((_, j) => j !== i), groupBy: def.groupBy.filter((g) => g !== c.field) })} data-testid={`rd-col-remove-${c.field}`}>{tx('remove')}</Button>
                  </Space>
                ),
              },
            ]}
          />
          <Select
            style={{ width: 280, marginTop: 8 }} placeholder={tx('addField')} value={null} data-testid="rd-add-field"
            options={unused.map((f) => ({ value: f.key, label: `${label(f)} (${f.key})` }))}
            onChange={(key: string) => {
              const f = unused.find((x) => x.key === key);
              if (f) patch({ columns: [...def.columns, { field: f.key, title: f.title, titleEn: f.titleEn, ...(f.total ? { total: 'sum' as const } : {}) }] });
            }}
          />
        </>
      ),
    },
    {
      key: 'heads', label: tx('tabs.heads'),
      children: (
        <>
          <Table<ReportHead>
            rowKey={(_, i) => String(i)} size="small" pagination={false} dataSource={def.heads} data-testid="rd-heads"
            columns={[
              { title: tx('headId'), render: (_, h, i) => <Input size="small" value={h.id} onChange={(e) => setHead(i, { id: e.target.value.trim() })} data-testid={`rd-head-id-${i}`} /> },
              { title: tx('headTitle'), render: (_, h, i) => <Input size="small" value={h.title} onChange={(e) => setHead(i, { title: e.target.value })} data-testid={`rd-head-title-${i}`} /> },
              { title: tx('colTitleEn'), render: (_, h, i) => <Input size="small" value={h.titleEn} onChange={(e) => setHead(i, { titleEn: e.target.value })} /> },
              {
                title: tx('headParent'),
                render: (_, h, i) => (
                  <Select
                    size="small" allowClear style={{ width: 140 }} value={h.parent}
                    options={def.heads.filter((x) => x.id !== h.id).map((x) => ({ value: x.id, label: x.title }))}
                    onChange={(v) => setHead(i, { parent: v })}
                  />
                ),
              },
              { title: '', render: (_, h, i) => <Button size="small" type="link" danger onClick={() => patch({ heads: def.heads.filter((_, j) => j !== i), columns: def.columns.map((c) => (c.head === h.id ? { ...c, head: undefined } : c)) })}>{tx('remove')}</Button> },
            ]}
          />
          <Button style={{ marginTop: 8 }} onClick={() => patch({ heads: [...def.heads, { id: `h${def.heads.length + 1}`, title: '', titleEn: '' }] })} data-testid="rd-add-head">{tx('addHead')}</Button>
        </>
      ),
    },
    {
      key: 'group', label: tx('tabs.group'),
      children: (
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item label={tx('groupBy')}>
            <Select mode="multiple" maxCount={3} value={def.groupBy} options={columnOptions} onChange={(v: string[]) => patch({ groupBy: v })} data-testid="rd-group-by" />
          </Form.Item>
          <Form.Item label={tx('sort')}>
            <Space direction="vertical" style={{ width: '100%' }}>
              {def.sort.map((s, i) => (
                <Space key={i}>
                  <Select style={{ width: 220 }} value={s.key} options={(dataset?.fields ?? []).map((f) => ({ value: f.key, label: `${label(f)} (${f.key})` }))} onChange={(key: string) => patch({ sort: def.sort.map((x, j) => (j === i ? { ...x, key } : x)) })} />
                  <Select style={{ width: 100 }} value={s.dir} options={[{ value: 'asc', label: tx('asc') }, { value: 'desc', label: tx('desc') }]} onChange={(dir: 'asc' | 'desc') => patch({ sort: def.sort.map((x, j) => (j === i ? { ...x, dir } : x)) })} />
                  <Button type="link" danger onClick={() => patch({ sort: def.sort.filter((_, j) => j !== i) })}>{tx('remove')}</Button>
                </Space>
              ))}
              <Button disabled={!dataset || def.sort.length >= 5} onClick={() => patch({ sort: [...def.sort, { key: def.columns[0]?.field ?? '', dir: 'asc' }] })}>{tx('sortAdd')}</Button>
            </Space>
          </Form.Item>
        </Form>
      ),
    },
    {
      key: 'chart', label: tx('tabs.chart'),
      children: (
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item label={tx('chartType')}>
            <Select
              data-testid="rd-chart-type" value={def.chart?.type ?? 'none'}
              options={[{ value: 'none', label: tx('noChart') }, ...(['bar', 'line', 'pie'] as const).map((v) => ({ value: v, label: tx(v) }))]}
              onChange={(v: 'none' | 'bar' | 'line' | 'pie') => patch({ chart: v === 'none' ? undefined : { type: v, x: def.chart?.x ?? def.columns[0]?.field ?? '', series: def.chart?.series ?? [] } })}
            />
          </Form.Item>
          {def.chart && (
            <>
              <Form.Item label={tx('chartX')}>
                <Select data-testid="rd-chart-x" value={def.chart.x} options={columnOptions} onChange={(x: string) => patch({ chart: { ...def.chart!, x } })} />
              </Form.Item>
              <Form.Item label={tx('chartSeries')}>
                <Select data-testid="rd-chart-series" mode="multiple" value={def.chart.series} options={columnOptions} onChange={(series: string[]) => patch({ chart: { ...def.chart!, series } })} />
              </Form.Item>
            </>
          )}
        </Form>
      ),
    },
    {
      key: 'page', label: tx('tabs.page'),
      children: (
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item label={tx('paper')}>
            <Select value={def.page.size} options={[{ value: 'A4', label: 'A4' }, { value: 'A3', label: 'A3' }]} onChange={(size: 'A4' | 'A3') => patch({ page: { ...def.page, size } })} />
          </Form.Item>
          <Form.Item label={tx('orientation')}>
            <Select value={def.page.orientation} options={[{ value: 'portrait', label: tx('portrait') }, { value: 'landscape', label: tx('landscape') }]} onChange={(orientation: 'portrait' | 'landscape') => patch({ page: { ...def.page, orientation } })} />
          </Form.Item>
          <Form.Item label={tx('subtitle')}>
            <Input value={def.page.subtitle ?? ''} onChange={(e) => patch({ page: { ...def.page, subtitle: e.target.value || undefined } })} />
          </Form.Item>
          <Form.Item label={tx('footer')}>
            <Input value={def.page.footer ?? ''} onChange={(e) => patch({ page: { ...def.page, footer: e.target.value || undefined } })} />
          </Form.Item>
        </Form>
      ),
    },
    {
      key: 'roles', label: tx('tabs.roles'),
      children: (
        <Form layout="vertical" style={{ maxWidth: 560 }}>
          <Form.Item label={tx('roles')}>
            <Select
              mode="multiple" data-testid="rd-roles" value={def.roles} showSearch={{ optionFilterProp: 'label' }}
              options={(roles.data ?? []).filter((r) => !r.isAdmin).map((r) => ({ value: r.code, label: `${english ? r.nameEn || r.name : r.name} (${r.code})` }))}
              onChange={(v: string[]) => patch({ roles: v })}
            />
          </Form.Item>
        </Form>
      ),
    },
  ];

  return (
    <div data-testid="report-editor" style={{ padding: 12 }}>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={onClose} data-testid="rd-back">{tx('back')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="rd-save">{tx('save')}</Button>
        <Button disabled={savedId === null} title={savedId === null ? tx('previewNeedsSave') : undefined} onClick={() => setPreview((p) => !p)} data-testid="rd-preview">{tx('preview')}</Button>
      </Space>
      <Card size="small" title={def.name || tx('create')}>
        <Tabs items={tabs} />
      </Card>
      {preview && savedId !== null && (
        <Card size="small" title={tx('preview')} style={{ marginTop: 12 }} data-testid="rd-preview-box">
          <ReportViewer key={version ?? 0} code={def.code} embedded />
        </Card>
      )}
    </div>
  );
}
