import { useEffect, useState } from 'react';
import { Button, Empty, Input, InputNumber, Select, Space, Table } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AdminField, SearchParam } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { fetchParams, fetchSearchableFields, saveParams } from './api';
import { useAdminTexts } from './texts';
import { useConfirmedUpdate } from './useConfirmedUpdate';
import { useTemplateChanged } from './useTemplateChanged';

type Row = SearchParam & { rowKey: number };

/** A value typed for the field's type: numbers as numbers, booleans as a choice, the rest as text. */
function ValueInput({ field, value, onChange }: { field: AdminField | undefined; value: SearchParam['val']; onChange: (v: SearchParam['val']) => void }) {
  if (field?.fieldType === 'BOOLEAN') {
    return <Select style={{ width: 160 }} value={value as boolean} onChange={onChange} options={field.options.length ? field.options.map((o) => ({ value: o.value, label: o.label })) : [{ value: true, label: 'true' }, { value: false, label: 'false' }]} />;
  }
  if (field?.fieldType === 'ENUM') {
    return <Select style={{ width: 160 }} value={value as string} onChange={onChange} options={field.options.map((o) => ({ value: o.value as string, label: o.label }))} />;
  }
  if (field?.fieldType === 'NUMBER') return <InputNumber style={{ width: 160 }} value={value as number} onChange={(v) => onChange(v ?? null)} />;
  return <Input style={{ width: 200 }} value={value === null || value === undefined ? '' : String(value)} onChange={(e) => onChange(e.target.value)} />;
}

/**
 * The template's search parameter list (spec: paramList): fixed conditions its search applies.
 * Keys are the fields the server lists as searchable, operators those each field's type takes.
 */
export function ParamEditor({ formatId }: { formatId: string }) {
  const tx = useAdminTexts();
  const confirmUpdate = useConfirmedUpdate();
  const changed = useTemplateChanged();
  const params = useQuery({ queryKey: ['template-admin', 'params', formatId], queryFn: () => fetchParams(formatId) });
  const fields = useQuery({ queryKey: ['template-admin', 'searchable', formatId], queryFn: () => fetchSearchableFields(formatId) });
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => setRows((params.data?.paramList ?? []).map((p, i) => ({ ...p, rowKey: i }))), [params.data]);
  const byName = new Map((fields.data ?? []).map((f) => [f.fieldName, f]));
  const set = (key: number, change: Partial<SearchParam>) => setRows((r) => r.map((x) => (x.rowKey === key ? { ...x, ...change } : x)));
  const save = () =>
    confirmUpdate(async () => {
      await saveParams(formatId, params.data?.version ?? null, rows.map(({ rowKey: _k, ...p }) => p));
      feedback.success(tx.saved);
      changed();
    });
  if (fields.data && fields.data.length === 0 && rows.length === 0) return <Empty description={tx.factor.noSearchable} />;

  return (
    <div data-testid="param-editor">
      <Table<Row>
        rowKey="rowKey"
        size="small"
        pagination={false}
        loading={params.isLoading || fields.isLoading}
        dataSource={rows}
        columns={[
          {
            title: tx.factor.key, key: 'key', width: 240,
            render: (_: unknown, r) => (
              <Select style={{ width: '100%' }} value={r.key || undefined}
                options={(fields.data ?? []).map((f) => ({ value: f.fieldName, label: `${f.fieldExplain} (${f.fieldName})` }))}
                onChange={(key) => set(r.rowKey, { key, op: byName.get(key)?.ops[0] as SearchParam['op'], val: null })} />
            ),
          },
          {
            title: tx.factor.op, key: 'op', width: 120,
            render: (_: unknown, r) => (
              <Select style={{ width: '100%' }} value={r.op} options={(byName.get(r.key)?.ops ?? []).map((o) => ({ value: o, label: o }))}
                onChange={(op) => set(r.rowKey, { op: op as SearchParam['op'] })} />
            ),
          },
          { title: tx.factor.val, key: 'val', render: (_: unknown, r) => <ValueInput field={byName.get(r.key)} value={r.val} onChange={(val) => set(r.rowKey, { val })} /> },
          { title: '', key: 'remove', width: 48, render: (_: unknown, r) => <MinusCircleOutlined aria-label={tx.remove} onClick={() => setRows((x) => x.filter((y) => y.rowKey !== r.rowKey))} /> },
        ]}
      />
      <Space className="ta-param-actions" style={{ marginTop: 8 }}>
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => setRows((r) => [...r, { rowKey: Date.now(), key: '', op: 'eq', val: null }])}>{tx.factor.add}</Button>
        <Button type="primary" onClick={save} data-testid="save-params">{tx.factor.save}</Button>
      </Space>
    </div>
  );
}
