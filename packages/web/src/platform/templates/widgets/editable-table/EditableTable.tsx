import { useMemo, useRef, useState } from 'react';
import { App, Button, InputNumber, Space, Table, type TableColumnsType } from 'antd';
import { CopyOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useDisplayParams } from '../../../display/useDisplay';
import { feedback } from '@/platform/feedback';
import { orderedFields } from '../../form/rules/layout';
import { fieldLabel, withOptionLabels } from '../../list/field-label';
import { checkFieldValue } from '../../form/rules/field-checks';
import { columnSum, evaluateExpression, formatByKind } from '@wb/protocol';
import { displayKindOf } from '../../../display/format';
import { CellEditor, cellKind, cellText } from './cells';
import { addRow, canAdd, clampOrder, columnSummary, copyRows, deleteNeedsConfirm, deleteRows, moveRow, renumber, type Row } from './rows';
import './editable-table.css';

export interface EditableTableProps {
  fields: FieldDefinition[];
  value: Row[];
  onChange(rows: Row[]): void;
  /** a radio or checkbox column; checkbox by default */
  selectionType?: 'radio' | 'checkbox' | 'none';
  /** the 排序 column: drag handle and sort-order input */
  sortable?: boolean;
  /** where 新增 puts the new row */
  addAt?: 'top' | 'end';
  /** at most one row: 新增 only while empty */
  singleRow?: boolean;
  /** the page mode: xjkyEx, xjky and xjkyTest delete without asking */
  mode?: string;
  /** safeUpdate: no add, copy or delete */
  hideButtons?: boolean;
  /** weighing: cells shown, not edited */
  readOnly?: boolean;
  /** the fields of a new row */
  blankRow?: () => Record<string, unknown>;
}

export const SELECT_AT_LEAST_ONE = '请至少选择一条数据！';
export const DELETE_CONFIRM = '确定删除吗?';

/** Recomputes a row's CALCULATE cells from its other cells. */
function withCalculations(fields: FieldDefinition[], row: Row): Row {
  let next = row;
  for (const f of fields) {
    if (f.formSubmitType === 'CALCULATE' && f.calculate) {
      const v = evaluateExpression(f.calculate, (name) => next[name]);
      if (next[f.fieldName] !== v) next = { ...next, [f.fieldName]: v };
    }
  }
  return next;
}

/**
 * The editable table (spec section 2): optional radio/checkbox column, 序号, drag-sort 排序 with a
 * sort-order input, 合计 row, add at top or end, copy, delete; a row is edited once clicked.
 */
export function EditableTable(props: EditableTableProps) {
  const { fields, value: rows, onChange, selectionType = 'checkbox', sortable = false, addAt = 'end', singleRow = false, mode, hideButtons = false, readOnly = false } = props;
  const { t } = useTranslation();
  const english = useEnglish();
  const display = useDisplayParams();
  const { modal } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [orderDraft, setOrderDraft] = useState<Record<string, number | null>>({});
  const shown = useMemo(() => orderedFields(fields).filter((f) => f.ishow && !f.ihidden).map((f) => withOptionLabels(f, english)), [fields, english]);
  const totals = shown.filter((f) => f.itotal);

  // the rows as last rendered: a cell's late fill (a typed code's name, read after the blur) keeps what was edited meanwhile
  const latest = useRef(rows);
  latest.current = rows;
  const update = (key: string, fieldName: string, v: unknown) => fill(key, { [fieldName]: v });
  const fill = (key: string, values: Record<string, unknown>) =>
    onChange(latest.current.map((r) => (r._key === key ? withCalculations(fields, { ...r, ...values }) : r)));

  // a detail picker's choices in one change: the first fills the row, each further one a new line right after it
  const fillLines = (key: string, [first, ...more]: Record<string, unknown>[]) => {
    const at = latest.current.findIndex((r) => r._key === key);
    if (at < 0 || !first) return;
    const filled = withCalculations(fields, { ...latest.current[at], ...first });
    const made = more.map((values) => withCalculations(fields, addRow([], { ...(props.blankRow?.() ?? {}), ...values }, 'end')[0]));
    onChange(renumber([...latest.current.slice(0, at), filled, ...made, ...latest.current.slice(at + 1)]));
  };

  const checkCell = (row: Row, f: FieldDefinition) => {
    const current = rows.find((r) => r._key === row._key) ?? row;
    const message = checkFieldValue(f, current[f.fieldName], { wording: 'grid', required: f.irequired, english });
    const cell = `${row._key}:${f.fieldName}`;
    setInvalid((s) => {
      const { [cell]: _gone, ...rest } = s;
      return message ? { ...rest, [cell]: message } : rest;
    });
    if (message) feedback.error(message);
  };

  const add = (at: 'top' | 'end' = addAt) => {
    if (!canAdd(rows, singleRow)) return;
    const next = addRow(rows, props.blankRow?.() ?? {}, at);
    onChange(next);
    setEditing(next[at === 'top' ? 0 : next.length - 1]._key);
  };
  // 新增 puts a row where the table says; this one at the other end (spec: rows added at top or end)
  const otherEnd = addAt === 'top' ? 'end' : 'top';
  const copy = () => {
    if (selected.length === 0) return feedback.warning(SELECT_AT_LEAST_ONE);
    onChange(copyRows(rows, selected));
  };
  const remove = async () => {
    if (selected.length === 0) return feedback.warning(SELECT_AT_LEAST_ONE);
    if (deleteNeedsConfirm(mode)) {
      const ok = await modal.confirm({ title: '温馨提示', content: DELETE_CONFIRM, okText: t('common.ok'), cancelText: t('common.cancel') });
      if (!ok) return;
    }
    onChange(deleteRows(rows, selected));
    setSelected([]);
  };
  const moveTo = (key: string, target: number | null | undefined) => {
    const from = rows.findIndex((r) => r._key === key);
    if (from < 0 || target === null || target === undefined) return;
    onChange(moveRow(rows, from, clampOrder(target, rows.length)));
    setOrderDraft((d) => ({ ...d, [key]: null }));
  };

  const columns: TableColumnsType<Row> = [
    { title: '序号', key: '_index', width: 56, align: 'center', render: (_v, _r, i) => i + 1 },
  ];
  if (sortable && !readOnly) {
    columns.push({
      title: '排序',
      key: '_sort',
      width: 110,
      render: (_v, row, i) => (
        <Space size={4}>
          <span
            className="wb-et-handle"
            draggable
            aria-label={t('templateForm.table.drag')}
            onDragStart={(e) => {
              setDragFrom(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
            }}
          >
            <HolderOutlined />
          </span>
          <InputNumber
            size="small"
            min={0}
            max={Math.max(0, rows.length - 1)}
            precision={0}
            value={orderDraft[row._key] ?? i}
            onChange={(v) => setOrderDraft((d) => ({ ...d, [row._key]: v }))}
            onPressEnter={() => moveTo(row._key, orderDraft[row._key] ?? i)}
            className="wb-et-order"
            style={{ width: 60 }}
          />
        </Space>
      ),
    });
  }
  for (const f of shown) {
    const kind = cellKind(f, readOnly);
    columns.push({
      title: fieldLabel(f, english),
      dataIndex: f.fieldName,
      key: f.fieldName,
      width: f.columnWidth ?? undefined,
      className: f.irequired ? 'wb-et-required' : undefined,
      render: (v, row) =>
        editing === row._key && kind !== 'text' ? (
          <CellEditor field={f} kind={kind} value={v} invalid={Boolean(invalid[`${row._key}:${f.fieldName}`])} onChange={(nv) => update(row._key, f.fieldName, nv)} onBlur={() => checkCell(row, f)} onFill={(values) => fill(row._key, values)} onFillLines={(lines) => fillLines(row._key, lines)} />
        ) : (
          <span className={invalid[`${row._key}:${f.fieldName}`] ? 'wb-et-invalid' : undefined}>{cellText(f, v, display)}</span>
        ),
    });
  }

  const toolbar = !hideButtons && !readOnly && (
    <Space className="wb-et-toolbar">
      <Button size="small" icon={<PlusOutlined />} onClick={() => add()} disabled={!canAdd(rows, singleRow)}>新增</Button>
      {!singleRow && (
        <Button size="small" onClick={() => add(otherEnd)} data-action={`add-${otherEnd}`}>
          {t(otherEnd === 'top' ? 'templateForm.table.addTop' : 'templateForm.table.addEnd')}
        </Button>
      )}
      {!singleRow && <Button size="small" icon={<CopyOutlined />} onClick={copy}>复制</Button>}
      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void remove()}>删除</Button>
    </Space>
  );

  return (
    <div className="wb-editable-table">
      {toolbar}
      <Table<Row>
        size="small"
        bordered
        rowKey="_key"
        pagination={false}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={
          selectionType === 'none' || readOnly
            ? undefined
            : { type: selectionType, selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), columnWidth: 40 }
        }
        onRow={(row, index) => ({
          onClick: () => !readOnly && setEditing(row._key),
          onDragOver: (e) => {
            if (dragFrom !== null) e.preventDefault();
          },
          onDrop: (e) => {
            e.preventDefault();
            if (dragFrom !== null && index !== undefined) onChange(moveRow(rows, dragFrom, index));
            setDragFrom(null);
          },
          'data-row-key': row._key,
        })}
        summary={
          totals.length
            ? () => (
                <Table.Summary.Row className="wb-et-summary">
                  {selectionType !== 'none' && !readOnly && <Table.Summary.Cell index={0} />}
                  <Table.Summary.Cell index={1} align="center">合计</Table.Summary.Cell>
                  {sortable && !readOnly && <Table.Summary.Cell index={2} />}
                  {shown.map((f, i) => (
                    <Table.Summary.Cell key={f.fieldName} index={i + 3}>
                      {f.itotal ? (displayKindOf(f) && !f.cgValFormat ? formatByKind(displayKindOf(f)!, columnSum(rows.map((r) => r[f.fieldName])), display) : columnSummary(rows, f.fieldName, f.cgValFormat?.valFormatFun)) : null}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </div>
  );
}
