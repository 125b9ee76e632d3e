import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Popconfirm, Select, Space, Spin, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_FIELD_TYPES, REPORT_PARAM_TYPES, type ReportField, type ReportParam } from '@wb/protocol';
import { usePermissions } from '@/app/hooks/usePermissions';
import { useEnglish } from '@/i18n/useEnglish';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { reportCentreEn, reportCentreZh } from '@/pages/report-centre/i18n';
import {
  createSqlReport, deleteSqlReport, listSqlReports, readSqlReport, runSql, sqlSources, updateSqlReport,
  type SqlReport, type SqlReportInput, type SqlRunResult,
} from './api';

const SqlEditor = lazy(() => import('./SqlEditor'));

const OWN = '';
const LIST_KEY = ['report-sql', 'list'];

interface Draft {
  id: string | null;
  version: number;
  code: string;
  name: string;
  dataSourceId: string;
  sql: string;
  params: ReportParam[];
  fields: ReportField[];
  /** the values typed for the parameters, for 运行 only */
  values: Record<string, string>;
}

const blank = (): Draft => ({ id: null, version: 0, code: '', name: '', dataSourceId: OWN, sql: 'SELECT 1 AS n', params: [], fields: [], values: {} });
const draftOf = (r: SqlReport): Draft => ({
  id: r.id, version: r.version, code: r.code, name: r.name, dataSourceId: r.dataSourceId ?? OWN, sql: r.sql, params: r.params, fields: r.fields, values: {},
});

/**
 * 数据源报表: the administrator's SQL reports. A list, and an editor with the SQL in CodeMirror, the
 * data source (the platform's own database or a 数据源), the parameters, 运行 (first 100 rows and
 * the detected fields, whose titles and types are then kept) and 保存.
 */
export default function SqlReportsPage() {
  const tx = useEnglish() ? reportCentreEn.sql : reportCentreZh.sql;
  const { can } = usePermissions();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [result, setResult] = useState<SqlRunResult | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const list = useQuery({ queryKey: [...LIST_KEY, keyword], queryFn: () => listSqlReports(keyword) });
  const sources = useQuery({ queryKey: ['report-sql', 'sources'], queryFn: sqlSources });

  const patch = (p: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...p } : d));
  const open = async (id: string) => {
    setResult(null);
    setFieldError(null);
    setDraft(draftOf(await readSqlReport(id)));
  };
  const showError = (err: unknown) => {
    if (err instanceof ApiError && err.field) setFieldError({ field: err.field, message: err.message });
  };

  const run = useMutation({
    mutationFn: (d: Draft) => runSql({ dataSourceId: d.dataSourceId || null, sql: d.sql, params: d.params, values: d.values }),
    onSuccess: (r) => {
      setFieldError(null);
      setResult(r);
      // the detected fields, keeping the titles already given to the same names
      patch({ fields: r.fields.map((f) => draft?.fields.find((k) => k.key === f.key) ?? f) });
    },
    onError: showError,
  });
  const save = useMutation({
    mutationFn: async (d: Draft) => {
      const body: SqlReportInput = { code: d.code, name: d.name, dataSourceId: d.dataSourceId || null, sql: d.sql, params: d.params, fields: d.fields, remark: null };
      const { id } = d.id ? await updateSqlReport(d.id, { ...body, version: d.version }) : await createSqlReport(body);
      return id;
    },
    onSuccess: async (id) => {
      feedback.success(tx.saved);
      setFieldError(null);
      await client.invalidateQueries({ queryKey: LIST_KEY });
      await open(id);
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSqlReport(id),
    onSuccess: async () => {
      feedback.success(tx.deleted);
      setDraft(null);
      await client.invalidateQueries({ queryKey: LIST_KEY });
    },
  });

  const sourceOptions = useMemo(() => [{ value: OWN, label: tx.ownDatabase }, ...(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))], [sources.data, tx]);
  const errorOf = (field: string) => (fieldError && (fieldError.field === field || fieldError.field.startsWith(`${field}.`)) ? fieldError.message : undefined);

  return (
    <div className="report-sql-page" data-testid="report-sql" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Card size="small" title={tx.title} extra={
        <Space>
          <Input.Search placeholder={tx.keyword} allowClear onSearch={setKeyword} style={{ width: 220 }} />
          {can('rpt_db_source_create') && <Button type="primary" data-testid="sql-add" onClick={() => { setResult(null); setFieldError(null); setDraft(blank()); }}>{tx.add}</Button>}
        </Space>
      }>
        <Table<SqlReport>
          size="small" rowKey="id" loading={list.isLoading} dataSource={list.data?.list ?? []} pagination={false} data-testid="sql-list"
          onRow={(r) => ({ onClick: () => void open(r.id), style: { cursor: 'pointer' } })}
          columns={[
            { title: tx.code, dataIndex: 'code' },
            { title: tx.name, dataIndex: 'name' },
            { title: tx.source, dataIndex: 'dataSourceName', render: (v: string | null) => v ?? tx.ownDatabase },
            {
              title: tx.actions, key: 'actions', width: 100, render: (_, r) => can('rpt_db_source_delList') && (
                <Popconfirm title={tx.confirmDelete.replace('{{name}}', r.name)} onConfirm={() => remove.mutate(r.id)}>
                  <Button size="small" danger onClick={(e) => e.stopPropagation()}>{tx.remove}</Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      {!draft ? <Typography.Text type="secondary">{tx.empty}</Typography.Text> : (
        <Card size="small" title={draft.id ? `${tx.edit} ${draft.code}` : tx.add} data-testid="sql-editor-card">
          <Form layout="vertical">
            <Space wrap align="start">
              <Form.Item label={tx.code} required validateStatus={errorOf('code') ? 'error' : undefined} help={errorOf('code')}>
                <Input value={draft.code} onChange={(e) => patch({ code: e.target.value })} style={{ width: 200 }} data-testid="sql-code" />
              </Form.Item>
              <Form.Item label={tx.name} required validateStatus={errorOf('name') ? 'error' : undefined} help={errorOf('name')}>
                <Input value={draft.name} onChange={(e) => patch({ name: e.target.value })} style={{ width: 240 }} data-testid="sql-name" />
              </Form.Item>
              <Form.Item label={tx.source} validateStatus={errorOf('dataSourceId') ? 'error' : undefined} help={errorOf('dataSourceId')}>
                <Select value={draft.dataSourceId} options={sourceOptions} onChange={(v) => patch({ dataSourceId: v })} style={{ width: 220 }} data-testid="sql-source" />
              </Form.Item>
            </Space>
            <Form.Item label={tx.sql} extra={tx.sqlHint} validateStatus={errorOf('sql') ? 'error' : undefined} help={errorOf('sql')}>
              <Suspense fallback={<Spin />}>
                <SqlEditor value={draft.sql} onChange={(sql) => patch({ sql })} testId="sql-text" />
              </Suspense>
            </Form.Item>
            <Form.Item label={tx.params} validateStatus={errorOf('params') ? 'error' : undefined} help={errorOf('params')}>
              <ParamsEditor params={draft.params} values={draft.values} onChange={(params, values) => patch({ params, values })} tx={tx} />
            </Form.Item>
            <Space>
              {can('rpt_db_source_run') && <Button onClick={() => run.mutate(draft)} loading={run.isPending} data-testid="sql-run">{tx.run}</Button>}
              {can(draft.id ? 'rpt_db_source_update' : 'rpt_db_source_create') && (
                <Button type="primary" onClick={() => save.mutate(draft)} loading={save.isPending} data-testid="sql-save">{tx.save}</Button>
              )}
              <Button onClick={() => setDraft(null)}>{tx.cancel}</Button>
            </Space>
          </Form>
          {draft.fields.length > 0 && (
            <Card size="small" type="inner" title={tx.fields} style={{ marginTop: 12 }}>
              <Table<ReportField>
                size="small" rowKey="key" pagination={false} dataSource={draft.fields} data-testid="sql-fields"
                columns={[
                  { title: tx.fieldKey, dataIndex: 'key' },
                  { title: tx.fieldTitle, key: 'title', render: (_, f) => <Input size="small" value={f.title} onChange={(e) => patch({ fields: draft.fields.map((x) => (x.key === f.key ? { ...x, title: e.target.value } : x)) })} /> },
                  { title: tx.fieldType, key: 'type', render: (_, f) => <Select size="small" style={{ width: 120 }} value={f.type} options={REPORT_FIELD_TYPES.map((t) => ({ value: t, label: t }))} onChange={(type) => patch({ fields: draft.fields.map((x) => (x.key === f.key ? { ...x, type } : x)) })} /> },
                  { title: tx.fieldTotal, key: 'total', render: (_, f) => <Checkbox checked={Boolean(f.total)} onChange={(e) => patch({ fields: draft.fields.map((x) => (x.key === f.key ? { ...x, total: e.target.checked } : x)) })} /> },
                ]}
              />
            </Card>
          )}
          <Card size="small" type="inner" title={tx.result} style={{ marginTop: 12 }} data-testid="sql-result">
            {!result ? <Typography.Text type="secondary">{tx.noRun}</Typography.Text> : (
              <>
                {result.cut && <Alert type="warning" showIcon message={tx.cut.replace('{{count}}', String(result.rows.length))} style={{ marginBottom: 8 }} data-testid="sql-cut" />}
                <Table
                  size="small" pagination={false} scroll={{ x: true, y: 360 }} rowKey={(_, i) => String(i)} dataSource={result.rows}
                  columns={result.fields.map((f) => ({ title: f.key, dataIndex: f.key, render: (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)) }))}
                  footer={() => tx.rows.replace('{{count}}', String(result.rows.length))}
                />
              </>
            )}
          </Card>
        </Card>
      )}
    </div>
  );
}

type SqlTexts = typeof reportCentreZh.sql;

/** The parameters: name, title, type, default, and the value 运行 uses. */
function ParamsEditor({ params, values, onChange, tx }: { params: ReportParam[]; values: Record<string, string>; onChange: (p: ReportParam[], v: Record<string, string>) => void; tx: SqlTexts }) {
  const set = (i: number, p: Partial<ReportParam>) => onChange(params.map((x, j) => (j === i ? { ...x, ...p } : x)), values);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="sql-params">
      {params.map((p, i) => (
        <Space key={i} wrap>
          <Input size="small" placeholder={tx.paramKey} value={p.key} onChange={(e) => set(i, { key: e.target.value })} style={{ width: 120 }} />
          <Input size="small" placeholder={tx.paramTitle} value={p.title} onChange={(e) => set(i, { title: e.target.value, titleEn: p.titleEn || e.target.value })} style={{ width: 140 }} />
          <Select size="small" value={p.type} options={REPORT_PARAM_TYPES.map((t) => ({ value: t, label: t }))} onChange={(type) => set(i, { type })} style={{ width: 130 }} />
          <Input size="small" placeholder={tx.paramDefault} value={p.default ?? ''} onChange={(e) => set(i, { default: e.target.value || undefined })} style={{ width: 140 }} />
          <Input size="small" placeholder={tx.run} value={values[p.key] ?? ''} onChange={(e) => onChange(params, { ...values, [p.key]: e.target.value })} style={{ width: 140 }} data-testid={`sql-value-${p.key}`} />
          <Button size="small" danger onClick={() => onChange(params.filter((_, j) => j !== i), values)}>{tx.remove}</Button>
        </Space>
      ))}
      <Button size="small" onClick={() => onChange([...params, { key: `p${params.length + 1}`, title: `p${params.length + 1}`, titleEn: '', type: 'text' }], values)} data-testid="sql-add-param">{tx.addParam}</Button>
    </Space>
  );
}
