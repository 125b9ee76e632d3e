import { useMemo, useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Empty, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { toDecimal, type Paged } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { call } from '@/platform/api/http';
import { downloadFile } from '@/platform/api/download';
import { useDisplay } from '@/platform/display';
import { DATE_FORMAT, fromPicker, plantDateTimeText, plantNow } from '@/platform/plant-time';
import { showPdfPreview } from '@/platform/print/pdf-preview';

/**
 * 客户对账单: a customer's statement of a period (GET /api/money/statement): the opening balance,
 * each receipt, refund and ticket consumed with the balance after it, the closing balance; as Excel
 * and PDF from the same call. The server adds it up; the page shows what it answered.
 */
type Line = [string, string, string, string | null, string | null, string | null, string | null, string | null, string];
interface Statement {
  customer: { id: string; code: string; name: string };
  from: string; to: string; opening: string; receipts: string; consumed: string; closing: string;
  lines: Line[];
}
interface Account { customerId: string; customerCode: string; customerName: string }

const KINDS: Record<string, [string, string]> = {
  RECEIPT: ['收款', 'Receipt'], RECEIPT_WITHDRAWN: ['收款反审核', 'Receipt withdrawn'], REFUND: ['退款', 'Refund'],
  REFUND_WITHDRAWN: ['退款反审核', 'Refund withdrawn'], CONSUME: ['消费', 'Consumed'], CONSUME_REVERSED: ['消费冲回', 'Consumption reversed'],
};
const time = (v: string) => plantDateTimeText(v);

export default function StatementPage() {
  const english = useEnglish();
  const display = useDisplay();
  const money = (v: string | null) => (v === null ? '' : display.money(v) || v);
  const w = (zh: string, en: string) => (english ? en : zh);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [plantNow().startOf('month'), plantNow()]);
  const [asked, setAsked] = useState<{ customerId: string; from: string; to: string } | null>(null);
  const accounts = useQuery({
    queryKey: ['money', 'accounts'],
    queryFn: () => call<Paged<Account>>('/money/account/v2/list', { method: 'POST', body: { limit: { pn: 1, ps: 500 } } }),
  });
  const statement = useQuery({
    queryKey: ['money', 'statement', asked],
    queryFn: () => call<Statement>('/money/statement', { query: asked ?? undefined }),
    enabled: asked !== null,
  });
  const query = () => customerId && setAsked({ customerId, from: fromPicker(range[0], DATE_FORMAT) ?? '', to: fromPicker(range[1], DATE_FORMAT) ?? '' });
  const download = (format: 'xlsx' | 'pdf') => asked && void downloadFile('/money/statement', { query: { ...asked, format }, fallbackName: `statement.${format}` });
  // 打印: the statement's PDF in the print preview, with 打印, 下载 and the Excel beside it
  const preview = () => asked && showPdfPreview({
    path: '/money/statement', query: { ...asked, format: 'pdf' }, title: w('客户对账单', 'Customer statement'), fallbackName: 'statement.pdf',
    excel: { path: '/money/statement', query: { ...asked, format: 'xlsx' }, fallbackName: 'statement.xlsx' },
  });
  const columns = useMemo(() => [
    { title: w('时间', 'Time'), dataIndex: 0, width: 160, render: time },
    { title: w('类型', 'Kind'), dataIndex: 1, width: 90, render: (k: string) => (KINDS[k]?.[english ? 1 : 0] ?? k) },
    { title: w('单据号', 'Document no.'), dataIndex: 2, width: 170 },
    { title: w('物料', 'Material'), dataIndex: 3, width: 120 },
    { title: `${w('净重', 'Net')}(${display.unitLabel})`, dataIndex: 4, width: 90, align: 'right' as const, render: (v: string | null) => display.weight(v) },
    { title: w('单价', 'Unit price'), dataIndex: 5, width: 100, align: 'right' as const, render: (v: string | null) => display.unitPrice(v) },
    { title: w('收款', 'Received'), dataIndex: 6, width: 120, align: 'right' as const, render: money },
    { title: w('消费', 'Consumed'), dataIndex: 7, width: 120, align: 'right' as const, render: money },
    { title: w('余额', 'Balance'), dataIndex: 8, width: 130, align: 'right' as const, render: money },
  ], [english, display]); // eslint-disable-line react-hooks/exhaustive-deps
  const s = statement.data;
  // the columns (1,100 px together) fit the workspace of a 1440 px screen: the balance is never scrolled out of sight
  return (
    <Card size="small" data-testid="money-statement" title={w('客户对账单', 'Customer statement')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={w('请选择客户', 'Choose a customer')}
          data-testid="statement-customer"
          value={customerId ?? undefined}
          onChange={setCustomerId}
          loading={accounts.isLoading}
          options={(accounts.data?.list ?? []).map((a) => ({ value: a.customerId, label: `${a.customerCode} ${a.customerName}` }))}
        />
        <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <Button type="primary" disabled={!customerId} onClick={query} loading={statement.isFetching} data-testid="statement-query">{w('查询', 'Query')}</Button>
        <Button disabled={!s} onClick={() => download('xlsx')}>{w('导出Excel', 'Excel')}</Button>
        <Button disabled={!s} data-testid="statement-print" onClick={preview}>{w('打印', 'Print')}</Button>
      </Space>
      {!s ? <Empty description={w('请选择客户和期间', 'Choose a customer and a period')} /> : (
        <>
          <Descriptions size="small" column={4} bordered data-testid="statement-figures" items={[
            { key: 'opening', label: w('期初余额', 'Opening'), children: money(s.opening) },
            { key: 'receipts', label: w('本期收款', 'Received'), children: money(s.receipts) },
            { key: 'consumed', label: w('本期消费', 'Consumed'), children: money(s.consumed) },
            { key: 'closing', label: w('期末余额', 'Closing'), children: money(s.closing) },
          ]} />
          <Table<Line>
            style={{ marginTop: 12 }}
            size="small"
            virtual
            scroll={{ x: 1100, y: 560 }}
            rowKey={(r) => `${r[0]}:${r[2]}:${r[1]}`}
            columns={columns}
            dataSource={s.lines}
            pagination={false}
          />
          <StatementTotals statement={s} label={w('合计', 'Total')} widths={columns.map((c) => c.width)} />
        </>
      )}
    </Card>
  );
}

/** The sum of one column of the lines (a blank cell adds nothing). */
function columnSum(lines: readonly Line[], column: 4 | 6 | 7): string {
  return lines.reduce((sum, l) => sum.plus(toDecimal(l[column]) ?? 0), toDecimal('0') as NonNullable<ReturnType<typeof toDecimal>>).toFixed();
}

/**
 * The table's totals row under the lines: the net weighed, what was received and consumed in the
 * period (the sums of their columns) and the closing balance. A row of its own under the table (a
 * virtual table draws no summary row), laid out as the lines' columns so each total stands under its own.
 */
function StatementTotals({ statement: s, label, widths }: { statement: Statement; label: string; widths: number[] }) {
  const display = useDisplay();
  const texts: Record<number, [string, string]> = {
    0: [label, 'statement-total-label'],
    4: [display.weight(columnSum(s.lines, 4)), 'statement-total-net'],
    6: [display.money(columnSum(s.lines, 6)), 'statement-total-received'],
    7: [display.money(columnSum(s.lines, 7)), 'statement-total-consumed'],
    8: [display.money(s.closing), 'statement-total-closing'],
  };
  // laid out as the lines' columns: the same widths, stretched alike
  return (
    <div data-testid="statement-totals" style={{ display: 'grid', gridTemplateColumns: widths.map((w) => `${w}fr`).join(' '), minWidth: 1100,
      borderBottom: '1px solid #f0f0f0', background: '#fafafa' }}>
      {widths.map((_, i) => (
        <div key={i} style={{ padding: '8px', textAlign: i >= 4 ? 'right' : 'left' }}>
          {texts[i] && <Typography.Text strong data-testid={texts[i][1]}>{texts[i][0]}</Typography.Text>}
        </div>
      ))}
    </div>
  );
}
