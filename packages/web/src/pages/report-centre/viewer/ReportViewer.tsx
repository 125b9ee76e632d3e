import { useEffect, useMemo, useState } from 'react';
import { ReportletFrame, reportletOf } from './ReportletFrame';
import { Alert, App, Button, Result, Spin, Table, Typography } from 'antd';
import type { ColumnGroupType, ColumnType, ColumnsType, SorterResult } from 'antd/es/table/interface';
import { PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePage } from '@/app/layout/page-context';
import { useEnglish } from '@/i18n/useEnglish';
import { ApiError } from '@/platform/api/http';
import { useDisplay } from '@/platform/display';
import { showPdfPreview } from '@/platform/print/pdf-preview';
import { ExportButton } from '../export/ExportButton';
import { fetchReportData, fetchReportView, reportPrintPath, saveReportWidth, type ReportRow, type ReportSortKey, type ReportView } from './api';
import { headTree, isHead, leafColumns, rowCellText, cellText, type ColumnNode, type LeafColumn } from './columns';
import { FilterBar } from './FilterBar';
import { filtersFromQuery, initialFilters, missingRequired, paramsOf, type FilterValues } from './filters';
import { ReportChartBox } from './ReportChartBox';
import { ResizableHeader, type ResizableHeaderProps } from './ResizableHeader';
import './viewer.css';

const PAGE_SIZES = [20, 50, 100, 200, 500];

export interface ReportViewerProps {
  /** the report's code (a designed report's, or a built-in one's) */
  code: string;
  /** inside another page (the designer's preview, an embedded report): no title bar */
  embedded?: boolean;
  /** the initial filter, as an address's `?a=b` gives it (an embedded report's reportlet parameters) */
  initial?: URLSearchParams;
}

type Row = ReportRow & { __rowKey: string };

/**
 * 报表查看: any report, built-in or designed, read the same way: the filter bar from its parameters,
 * the table under its multi-level heads with group subtotal rows and a totals row, widths the reader
 * drags (kept for them), sorting and paging on the server, its chart, 导出 and 打印.
 */
export function ReportViewer({ code, embedded = false, initial }: ReportViewerProps) {
  const { t } = useTranslation();
  const view = useQuery({ queryKey: ['report-view', code], queryFn: () => fetchReportView(code), enabled: Boolean(code), retry: false });
  if (!code) return <Result status="warning" title={t('reportCentre.viewer.noCode')} />;
  if (view.isPending) return <Spin><div style={{ height: 240 }} /></Spin>;
  if (view.isError) {
    const status = view.error instanceof ApiError ? view.error.status : 0;
    return <Result status={status === 403 ? '403' : status === 404 ? '404' : 'error'} title={status === 403 || status === 404 ? t('reportCentre.viewer.notFound') : t('reportCentre.viewer.loadFailed')} data-testid="report-unavailable" />;
  }
  return <LoadedReport code={code} view={view.data} embedded={embedded} initial={initial} />;
}

function LoadedReport({ code, view, embedded, initial }: { code: string; view: ReportView; embedded: boolean; initial?: URLSearchParams }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const display = useDisplay();
  const { message } = App.useApp();
  const { definition, dataset } = view;
  const start = useMemo(() => initialFilters(dataset.params, definition), [dataset.params, definition]);
  // an embedded report opens with the reportlet's parameters over the defaults
  const opened = useMemo(() => (initial ? filtersFromQuery(dataset.params, definition, initial, start) : start), [dataset.params, definition, initial, start]);
  const [values, setValues] = useState<FilterValues>(opened);
  const missing = missingRequired(dataset.params, definition, opened);
  const [asked, setAsked] = useState<Record<string, unknown> | null>(missing ? null : paramsOf(opened));
  const [sort, setSort] = useState<ReportSortKey[] | undefined>(undefined);
  const [page, setPage] = useState({ pn: 1, ps: 50 });
  const [widths, setWidths] = useState<Record<string, number>>(view.widths);
  useEffect(() => setWidths(view.widths), [view.widths]);

  const data = useQuery({
    queryKey: ['report-data', code, asked, sort, page],
    queryFn: () => fetchReportData(code, { params: asked ?? {}, sort, page }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });

  const query = () => {
    const lacking = missingRequired(dataset.params, definition, values);
    if (lacking) {
      message.warning(t('reportCentre.viewer.required', { title: english && lacking.titleEn ? lacking.titleEn : lacking.title }));
      return;
    }
    const next = paramsOf(values);
    // the same conditions again: read again (the figures may have moved)
    if (asked !== null && page.pn === 1 && JSON.stringify(next) === JSON.stringify(asked)) void data.refetch();
    setPage((p) => ({ ...p, pn: 1 }));
    setAsked(next);
  };
  const reset = () => {
    setValues(start);
    setSort(undefined);
    setPage((p) => ({ ...p, pn: 1 }));
    setAsked(missing ? null : paramsOf(start));
  };

  const leaves = useMemo(() => leafColumns(definition, dataset.fields, widths, english), [definition, dataset.fields, widths, english]);
  const first = leaves[0]?.field;
  const subtotalWord = t('reportCentre.viewer.subtotal');
  const sortOf = (field: string) => {
    const s = (sort ?? definition.sort).find((x) => x.key === field);
    return s ? (s.dir === 'desc' ? 'descend' as const : 'ascend' as const) : null;
  };
  const toColumn = (node: ColumnNode): ColumnType<Row> | ColumnGroupType<Row> => {
    if (isHead(node)) return { key: `head-${node.head}`, title: node.title, align: 'center', children: node.children.map(toColumn) };
    const leaf: LeafColumn = node;
    return {
      key: leaf.field,
      dataIndex: leaf.field,
      title: leaf.title,
      width: leaf.width,
      align: leaf.align,
      sorter: true,
      sortOrder: sortOf(leaf.field),
      ellipsis: true,
      className: leaf.align === 'right' ? 'wb-num' : undefined,
      render: (_: unknown, row: Row) => rowCellText(row, leaf, leaf.field === first, display, subtotalWord),
      onHeaderCell: () => ({
        width: leaf.width,
        field: leaf.field,
        onResizing: (w: number) => setWidths((m) => ({ ...m, [leaf.field]: w })),
        onResized: (w: number) => {
          setWidths((m) => ({ ...m, [leaf.field]: w }));
          void saveReportWidth(code, leaf.field, w).catch(() => undefined);
        },
      }) as ResizableHeaderProps,
    };
  };
  const columns: ColumnsType<Row> = headTree(leaves, definition, english).map(toColumn);
  const rows: Row[] = (data.data?.list ?? []).map((r, i) => ({ ...r, __rowKey: `${page.pn}-${i}` }));
  const totals = data.data?.totals;
  const params = asked ?? paramsOf(values);
  const title = english && definition.nameEn ? definition.nameEn : definition.name;

  const print = () => showPdfPreview({ path: reportPrintPath(code), body: { params, sort }, title, fallbackName: `${definition.name}.pdf` });
  const empty = asked === null ? t('reportCentre.viewer.emptyUnasked') : t('reportCentre.viewer.empty');

  return (
    <div className={embedded ? 'wb-report-viewer wb-report-viewer-embedded' : 'wb-report-viewer'} data-testid="report-viewer">
      {!embedded && (
        <div className="wb-report-viewer-head">
          <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
          {definition.page.subtitle && <Typography.Text type="secondary">{definition.page.subtitle}</Typography.Text>}
        </div>
      )}
      <FilterBar
        params={dataset.params}
        definition={definition}
        orgs={view.orgs ?? []}
        scales={view.scales ?? []}
        values={values}
        onChange={setValues}
        onQuery={query}
        onReset={reset}
        busy={data.isFetching}
        english={english}
        extra={(
          <>
            <ExportButton code={code} name={definition.name} params={params} sort={sort} />
            <Button icon={<PrinterOutlined />} onClick={print} disabled={asked === null} data-testid="report-print">{t('reportCentre.viewer.print')}</Button>
          </>
        )}
      />
      {data.isError && <Alert type="error" showIcon title={data.error instanceof Error ? data.error.message : t('reportCentre.viewer.loadFailed')} style={{ marginBottom: 12 }} />}
      {definition.chart && rows.some((r) => !r.__group) && (
        <ReportChartBox chart={definition.chart} rows={rows} fields={dataset.fields} display={display} english={english} />
      )}
      <Table<Row>
        className="wb-report-table wb-report-viewer-table"
        data-testid="report-table"
        rowKey="__rowKey"
        size="small"
        bordered
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
        loading={data.isFetching}
        columns={columns}
        dataSource={rows}
        components={{ header: { cell: ResizableHeader } }}
        locale={{ emptyText: <span data-testid="report-empty">{empty}</span> }}
        rowClassName={(r) => (r.__group ? `wb-report-subtotal wb-report-subtotal-${r.__group.level}` : '')}
        pagination={{
          current: page.pn,
          pageSize: page.ps,
          total: data.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (total) => (
            <span>
              {t('reportCentre.viewer.rows', { total })}
              {data.data?.truncated && (
                <Typography.Text type="danger" data-testid="report-truncated" style={{ marginLeft: 8 }}>
                  {t('reportCentre.viewer.truncated', { count: data.data.rowCap ?? total })}
                </Typography.Text>
              )}
            </span>
          ),
        }}
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const key = s?.columnKey ? String(s.columnKey) : null;
          const nextSort = key && s?.order ? [{ key, dir: s.order === 'descend' ? 'desc' as const : 'asc' as const }] : undefined;
          const sortChanged = JSON.stringify(nextSort) !== JSON.stringify(sort);
          setSort(nextSort);
          setPage({ pn: sortChanged ? 1 : pagination.current ?? 1, ps: pagination.pageSize ?? page.ps });
        }}
        summary={() => (totals && rows.length ? (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row className="wb-report-total">
              {leaves.map((leaf, i) => (
                <Table.Summary.Cell key={leaf.field} index={i} align={leaf.align} className={leaf.align === 'right' ? 'wb-num' : undefined}>
                  {i === 0 ? `${t('reportCentre.viewer.total')}` : cellText(leaf.kind, totals[leaf.field], display)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null)}
      />
    </div>
  );
}

/** The page of a menu leaf /reportforms/<code>: the code is the path's last segment. */
export function ReportViewerPage() {
  const { path, page, query } = usePage();
  const reportlet = reportletOf(path);
  if (reportlet) return <ReportletFrame reportlet={reportlet} title={page.label} />;
  const code = decodeURIComponent(path.split('?')[0]!.split('/').filter(Boolean).pop() ?? '');
  // opened from another screen with its filter filled in (批次详情 → 批次质量报告?batchNo=...): read with it
  const asked = query.toString();
  return <ReportViewer key={asked} code={code} initial={asked ? query : undefined} />;
}

export default ReportViewerPage;
