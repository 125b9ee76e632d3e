import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Input, InputNumber, Select, Space, Table, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { AdminField, AdminFormat, FieldEditBody } from '@wb/protocol';
import { feedback } from '@/platform/feedback';
import { saveFieldOrder, updateField } from './api';
import { moveId, sameOrder, stepId } from './field-order';
import { FIELD_PATH } from './paths';
import { useAdminTexts } from './texts';
import { useConfirmedUpdate } from './useConfirmedUpdate';
import { useTemplateChanged } from './useTemplateChanged';

type Draft = Omit<FieldEditBody, 'version'>;
type Flag = 'ishow' | 'ihidden' | 'iupdate' | 'irequired' | 'iallowQuery' | 'iallowAdvanceQuery' | 'itotal' | 'isortField' | 'idefinedSort';
const FLAGS: Flag[] = ['ishow', 'ihidden', 'iupdate', 'irequired', 'iallowQuery', 'iallowAdvanceQuery', 'itotal', 'isortField', 'idefinedSort'];
/** flags the list engine acts on: the server refuses them on a field it does not read */
const READ_FLAGS = new Set<Flag>(['iallowQuery', 'iallowAdvanceQuery', 'itotal', 'isortField', 'idefinedSort']);

/**
 * A format's field definitions as an editable table: each row saves its own changes (with the
 * spec's update confirmation); rows are reordered by dragging the handle or with the arrows, and
 * the new order is saved as one.
 */
export function FieldTable({ format }: { format: AdminFormat }) {
  const tx = useAdminTexts();
  const navigate = useNavigate();
  const confirmUpdate = useConfirmedUpdate();
  const changed = useTemplateChanged();
  const serverOrder = useMemo(() => format.fields.map((f) => f.id), [format.fields]);
  const [order, setOrder] = useState(serverOrder);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [dragging, setDragging] = useState<string | null>(null);
  const [armed, setArmed] = useState<string | null>(null);
  useEffect(() => setOrder(serverOrder), [serverOrder]);
  // a row written meanwhile (saved, restored, edited elsewhere) drops the changes typed over its old version
  const [draftBase, setDraftBase] = useState<Record<string, string>>({});
  useEffect(() => {
    const current = new Map(format.fields.map((f) => [f.id, f.version]));
    const stale = Object.keys(draftBase).filter((id) => current.get(id) !== draftBase[id]);
    if (stale.length === 0) return;
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => !stale.includes(id))));
    setDraftBase((b) => Object.fromEntries(Object.entries(b).filter(([id]) => !stale.includes(id))));
  }, [format.fields, draftBase]);

  const byId = useMemo(() => new Map(format.fields.map((f) => [f.id, f])), [format.fields]);
  const rows = order.map((id) => byId.get(id)).filter((f): f is AdminField => Boolean(f));
  const value = <K extends keyof Draft>(f: AdminField, key: K): Draft[K] =>
    (drafts[f.id] && key in drafts[f.id] ? drafts[f.id][key] : (f as unknown as Draft)[key]) as Draft[K];
  const edit = (f: AdminField, change: Draft) => {
    setDrafts((d) => ({ ...d, [f.id]: { ...d[f.id], ...change } }));
    setDraftBase((b) => (f.id in b ? b : { ...b, [f.id]: f.version }));
  };
  const dirty = (f: AdminField) => Object.keys(drafts[f.id] ?? {}).length > 0;
  const orderChanged = !sameOrder(order, serverOrder);

  const saveRow = (f: AdminField) =>
    confirmUpdate(async () => {
      await updateField(f.id, { version: f.version, ...drafts[f.id] });
      feedback.success(tx.saved);
      changed();
    });
  const saveOrder = () =>
    confirmUpdate(async () => {
      await saveFieldOrder(format.id, format.version, order);
      feedback.success(tx.saved);
      changed();
    });

  const flagColumn = (flag: Flag) => ({
    title: tx.fields[flag], key: flag, width: 78, align: 'center' as const,
    render: (_: unknown, f: AdminField) => {
      const checked = Boolean(value(f, flag));
      const locked = READ_FLAGS.has(flag) && !f.readable && !checked;
      const box = <Checkbox data-testid={`flag-${f.fieldName}-${flag}`} checked={checked} disabled={locked} onChange={(e) => edit(f, { [flag]: e.target.checked })} />;
      return locked ? <Tooltip title={tx.fields.notReadable}>{box}</Tooltip> : box;
    },
  });

  return (
    <div data-testid="field-table">
      {orderChanged && (
        <Alert
          className="ta-order-alert"
          type="info"
          showIcon
          title={tx.fields.orderChanged}
          action={<Space><Button size="small" onClick={() => setOrder(serverOrder)}>{tx.formats.reset}</Button><Button size="small" type="primary" data-testid="save-order" onClick={saveOrder}>{tx.fields.saveOrder}</Button></Space>}
        />
      )}
      <Table<AdminField>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 1800 }}
        rowClassName={(f) => (dirty(f) ? 'ta-dirty' : f.id === dragging ? 'ta-dragging' : '')}
        onRow={(f) => ({
          draggable: armed === f.id,
          onDragStart: () => setDragging(f.id),
          onDragOver: (e) => e.preventDefault(),
          onDrop: () => dragging && setOrder((o) => moveId(o, dragging, f.id)),
          onDragEnd: () => { setDragging(null); setArmed(null); },
          'data-testid': `field-row-${f.fieldName}`,
        }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: tx.fields.seq, key: 'seq', width: 96, fixed: 'left',
            render: (_: unknown, f) => (
              <Space size={2}>
                <Tooltip title={tx.fields.drag}>
                  <HolderOutlined className="ta-handle" onMouseDown={() => setArmed(f.id)} onMouseUp={() => setArmed(null)} />
                </Tooltip>
                <Button type="text" size="small" aria-label={tx.fields.up} icon={<ArrowUpOutlined />} onClick={() => setOrder((o) => stepId(o, f.id, -1))} />
                <Button type="text" size="small" aria-label={tx.fields.down} icon={<ArrowDownOutlined />} onClick={() => setOrder((o) => stepId(o, f.id, 1))} />
              </Space>
            ),
          },
          { title: tx.fields.fieldName, dataIndex: 'fieldName', width: 150, fixed: 'left', render: (v: string) => <code>{v}</code> },
          { title: tx.fields.fieldType, dataIndex: 'fieldType', width: 90, render: (v: string) => <Tag>{v}</Tag> },
          {
            title: tx.fields.label, key: 'fieldExplain', width: 160,
            render: (_: unknown, f) => <Input size="small" data-testid={`label-${f.fieldName}`} value={value(f, 'fieldExplain') ?? ''} onChange={(e) => edit(f, { fieldExplain: e.target.value })} />,
          },
          {
            title: tx.fields.labelEn, key: 'fieldExplainEn', width: 160,
            render: (_: unknown, f) => <Input size="small" value={value(f, 'fieldExplainEn') ?? ''} onChange={(e) => edit(f, { fieldExplainEn: e.target.value || null })} />,
          },
          ...FLAGS.map(flagColumn),
          {
            title: tx.fields.sortMethod, key: 'sortMethod', width: 100,
            render: (_: unknown, f) => (
              <Select size="small" allowClear style={{ width: '100%' }} value={value(f, 'sortMethod') ?? undefined}
                options={[{ value: 'asc', label: tx.fields.asc }, { value: 'desc', label: tx.fields.desc }]}
                onChange={(v) => edit(f, { sortMethod: v ?? null })} />
            ),
          },
          {
            title: tx.fields.columnWidth, key: 'columnWidth', width: 96,
            render: (_: unknown, f) => <InputNumber size="small" min={20} max={2000} value={value(f, 'columnWidth') ?? null} onChange={(v) => edit(f, { columnWidth: v ?? null })} />,
          },
          {
            title: tx.fields.fixed, key: 'fixed', width: 90,
            render: (_: unknown, f) => (
              <Select size="small" allowClear style={{ width: '100%' }} value={value(f, 'fixed') ?? undefined}
                options={[{ value: 'left', label: tx.fields.left }, { value: 'right', label: tx.fields.right }]}
                onChange={(v) => edit(f, { fixed: v ?? null })} />
            ),
          },
          {
            title: tx.fields.actions, key: 'actions', width: 130, fixed: 'right',
            render: (_: unknown, f) => (
              <Space size="small">
                <Button size="small" type="primary" disabled={!dirty(f)} data-testid={`save-${f.fieldName}`} onClick={() => saveRow(f)}>{tx.fields.save}</Button>
                <Button size="small" type="link" onClick={() => navigate(`${FIELD_PATH}?id=${f.id}`)}>{tx.fields.detail}</Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
