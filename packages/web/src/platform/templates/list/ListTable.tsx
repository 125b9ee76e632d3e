import { memo, useCallback, useMemo } from 'react';
import { Spin, Table } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type FieldDefinition, type SortKey } from '@wb/protocol';
import type { ListReply } from '../api';
import { buildColumns, SELECTION_WIDTH, shownFields, tableWidth, type OpenLink, type Row } from './columns';
import { RowCheck, useCheckboxClasses } from './RowCheck';
import { totalsRow, hasTotals } from './totals';
import { useDisplayParams } from '../../display/useDisplay';

interface Props {
  fields: FieldDefinition[];
  reply: ListReply | undefined;
  loading: boolean;
  english: boolean;
  sort: SortKey | null;
  pn: number;
  ps: number;
  selectedKeys: string[];
  /** radio for a popup choosing one row; none for a grid acted on row by row */
  selectionType?: 'checkbox' | 'radio' | 'none';
  /** columns after the template's (a grid's operations column) */
  extraColumns?: ColumnType<Row>[];
  onSelect(pageRows: Row[], keys: string[]): void;
  onSort(sort: SortKey | null): void;
  onPage(pn: number, ps: number): void;
  onRowDoubleClick?(row: Row): void;
  /** a LINK cell's click: the row's detail */
  onLink?: OpenLink;
  scrollY?: number;
}

export const rowKey = (row: Row) => String(row.id);

function Footer({ fields, reply }: { fields: FieldDefinition[]; reply: ListReply | undefined }) {
  const { t } = useTranslation();
  const shown = shownFields(fields);
  const cells = totalsRow(shown, reply?.tongji, useDisplayParams());
  // the label takes the narrow selection column and the first column when that one has no sum
  const labelSpan = cells[0] === null ? 2 : 1;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid="list-totals">
        <Table.Summary.Cell index={0} colSpan={labelSpan} className="wb-totals-label">
          {t('listScreen.totalRow')}
          {reply?.totalEstimated ? <span className="wb-estimated" title={t('listScreen.estimated')}> ≈</span> : null}
        </Table.Summary.Cell>
        {cells.slice(labelSpan - 1).map((v, i) => {
          const field = shown[i + labelSpan - 1];
          return (
            <Table.Summary.Cell key={field.fieldName} index={i + labelSpan} align="right">
              {v === null ? null : <span data-testid={`total-${field.fieldName}`}>{v}</span>}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

const NO_ROWS: Row[] = [];

/**
 * The table itself, memoised apart from the loading flag: a page of 100 rows must not render again
 * when a request starts or ends, only when its rows, columns, selection or paging change.
 */
const TableBody = memo(function TableBody(p: Omit<Props, 'loading'>) {
  const { t } = useTranslation();
  const yesNo = useMemo(() => ({ yes: t('listScreen.yes'), no: t('listScreen.no') }), [t]);
  const display = useDisplayParams();
  const columns = useMemo(() => [...buildColumns(p.fields, p.english, p.sort, yesNo, p.onLink, display), ...(p.extraColumns ?? [])], [p.fields, p.english, p.sort, yesNo, p.onLink, p.extraColumns, display]);
  const extraWidth = useMemo(() => (p.extraColumns ?? []).reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0), [p.extraColumns]);
  const scroll = useMemo(() => ({ x: tableWidth(p.fields) + extraWidth, y: p.scrollY }), [p.fields, extraWidth, p.scrollY]);
  const rows = (p.reply?.list as Row[] | undefined) ?? NO_ROWS;
  const totals = hasTotals(p.fields);
  const checkClasses = useCheckboxClasses();
  const { selectedKeys, onSelect, onSort, onPage, onRowDoubleClick, ps, pn, reply, fields } = p;
  const selectionType = p.selectionType ?? 'checkbox';

  const onChange = useCallback<NonNullable<TableProps<Row>['onChange']>>((pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      onSort(s?.order ? { key: String(s.columnKey), dir: s.order === 'ascend' ? 'asc' : 'desc' } : null);
    } else if (extra.action === 'paginate') {
      const size = pagination.pageSize ?? ps;
      onPage(size !== ps ? 1 : (pagination.current ?? 1), size);
    }
  }, [onSort, onPage, ps]);

  const rowSelection = useMemo<TableProps<Row>['rowSelection']>(() => (selectionType === 'none' ? undefined : {
    type: selectionType,
    selectedRowKeys: selectedKeys,
    preserveSelectedRowKeys: true,
    columnWidth: SELECTION_WIDTH,
    onChange: (keys) => onSelect(rows, keys.map(String)),
    renderCell: selectionType === 'checkbox'
      ? (checked, row) => {
          const key = rowKey(row);
          const toggle = () => onSelect(rows, checked ? selectedKeys.filter((k) => k !== key) : [...selectedKeys, key]);
          return <RowCheck checked={checked} classes={checkClasses} onToggle={toggle} />;
        }
      : undefined,
  }), [selectionType, selectedKeys, onSelect, rows, checkClasses]);

  const onRow = useMemo(() => (onRowDoubleClick ? (row: Row) => ({ onDoubleClick: () => onRowDoubleClick(row) }) : undefined), [onRowDoubleClick]);
  const summary = useMemo(() => (totals && rows.length > 0 ? () => <Footer fields={fields} reply={reply} /> : undefined), [totals, rows.length, fields, reply]);
  const pagination = useMemo(() => ({
    current: pn,
    pageSize: ps,
    total: reply?.total ?? 0,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total: number) => (reply?.totalEstimated ? `≈ ${t('common.total', { total })}` : t('common.total', { total })),
  }), [pn, ps, reply, t]);

  return (
    <Table<Row>
      data-testid="list-table"
      rowKey={rowKey}
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      onChange={onChange}
      // the hint shows over the sort arrows only, not over the whole header (it covered the search bar)
      showSorterTooltip={SORTER_TOOLTIP}
      tableLayout="fixed"
      scroll={scroll}
      rowSelection={rowSelection}
      onRow={onRow}
      summary={summary}
      pagination={pagination}
    />
  );
});

const SORTER_TOOLTIP = { target: 'sorter-icon' } as const;

/** The list's table: template columns, sorting, selection kept across pages, paging and the 合计 row. */
export const ListTable = memo(function ListTable({ loading, ...rest }: Props) {
  return (
    <Spin spinning={loading}>
      <TableBody {...rest} />
    </Spin>
  );
});
