import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/platform/feedback';
import { useDisplay, withUnit } from '@/platform/display';
import { plantMinuteText } from '@/platform/plant-time';
import { confirmPounds, weightLists, type Candidate, type RowDeductions } from './api';
import { candidateLines, chosenIds, chosenTotals, type Line } from './candidate-totals';
import { EmptyReasons, refusal, SettlementFrame, useSettlement, type DialogProps } from './shared';

/**
 * 确认磅单: the settlement's candidates (weightLists: its party's unsettled audited tickets of its
 * period), all chosen at first; the accountant leaves some out and confirms (confirmPounds with the ids).
 * Each line shows the row it will become and why: the contract's basis, our net, the shipped
 * quantity, the deductions by kind, the settled quantity, unit price and amount (the server's, by
 * the rule the saved row is computed with); the settled quantity's tooltip tells it in words.
 * The audited trains' wagons (轨道衡) of the party and period are lines of the same list (keyed
 * apart from the tickets), their waybill weight shown as shipped and the charged loss as a deduction.
 */

export function PickPoundsDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const display = useDisplay();
  const weight = (v: string | null) => (v === null ? '' : display.weight(v));
  const { data: settlement } = useSettlement(ctx);
  const id = ctx.selectedIds[0] as string;
  const { data } = useQuery({ queryKey: ['settlement-candidates', ctx.base, id], queryFn: () => weightLists(ctx.base, id), staleTime: 0, gcTime: 0 });
  const rows = candidateLines(data);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const chosen = picked ?? new Set(rows.map((r) => r.key));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const totals = chosenTotals(rows.map((r) => ({ ...r, id: r.key })), chosen);
  const ok = async () => {
    setBusy(true);
    try {
      const ids = chosenIds(rows, chosen);
      await confirmPounds(ctx.base, id, ids.ticketIds, ids.wagonIds);
      feedback.success(t('settlementDialogs.confirmed'));
      ctx.refresh();
      onClose();
    } catch (err) {
      setProblem(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const c = (k: string) => withUnit(t(`settlementDialogs.candidates.${k}`), display);
  // a row priced per m3 gauged settles m3, never shown (nor added) as tons
  const quantityText = (r: Pick<Candidate, 'quantity' | 'priceBasis'>) => (r.priceBasis === 'VOLUME' ? t('settlementDialogs.volume', { volume: r.quantity }) : weight(r.quantity));
  const chosenQuantity = display.weight(totals.quantity, { unit: true }) + (totals.volume === '0' ? '' : `、${t('settlementDialogs.volume', { volume: totals.volume })}`);
  const bases = t('settlementDialogs.bases', { returnObjects: true }) as Record<string, string>;
  const kinds = t('settlementDialogs.deductionKinds', { returnObjects: true }) as Record<string, string>;
  const deductionText = (d: RowDeductions | null | undefined) =>
    DEDUCTION_ORDER.filter((k) => d?.[k] !== undefined).map((k) => `${kinds[k] ?? k} ${weight(d?.[k] ?? null)}`).join('；');
  // basis, our net, the shipped quantity, the deductions by kind, the settled quantity, price and amount
  const basisTip = (r: Candidate) => (
    <div data-testid="candidate-basis">
      <div>{`${c('basis')}：${bases[r.basis] ?? r.basis}`}</div>
      <div>{`${c('grossNet')}：${weight(r.grossNet)}`}</div>
      <div>{`${c('shipped')}：${r.shipped === null ? '—' : weight(r.shipped)}`}</div>
      <div>{`${c('deductions')}：${deductionText(r.deductions) || t('settlementDialogs.noDeduction')}`}</div>
      <div>{`${c('quantity')}：${quantityText(r)}`}</div>
      <div>{`${c('price')}：${display.unitPrice(r.unitPrice)}`}</div>
      <div>{`${c('amount')}：${display.money(r.amount)}`}</div>
    </div>
  );
  return (
    <SettlementFrame title={t('settlementDialogs.titles.confirmPounds')} width={1200} settlement={settlement} problem={problem} busy={busy}
      onOk={() => void ok()} onClose={onClose} testId="pick-pounds">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" data-testid="pick-all" onClick={() => setPicked(new Set(rows.map((r) => r.key)))}>{t('settlementDialogs.selectAll')}</Button>
        <Button size="small" data-testid="pick-none" onClick={() => setPicked(new Set())}>{t('settlementDialogs.selectNone')}</Button>
        <Typography.Text data-testid="pick-totals">{t('settlementDialogs.chosen', { count: totals.count, quantity: chosenQuantity, amount: display.money(totals.amount) })}</Typography.Text>
      </Space>
      <Table<Line> size="small" bordered rowKey="key" dataSource={rows} loading={!data} pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 'max-content', y: 420 }} locale={{ emptyText: <EmptyReasons excluded={data?.excluded} /> }}
        rowSelection={{ selectedRowKeys: [...chosen], onChange: (keys) => setPicked(new Set(keys.map(String))), preserveSelectedRowKeys: true }}
        columns={[
          { key: 'no', title: c('ticketNo'), dataIndex: 'ticketNo', width: 150 },
          { key: 'plate', title: c('plate'), dataIndex: 'plateNumber', width: 90 },
          { key: 'material', title: c('material'), dataIndex: 'materialName', width: 85 },
          { key: 'date', title: c('date'), dataIndex: 'completedAt', width: 130, render: (v: string) => dateTime(v) },
          { key: 'basis', title: c('basis'), dataIndex: 'basis', width: 80, render: (v: string) => bases[v] ?? v },
          { key: 'grossNet', title: c('grossNet'), dataIndex: 'grossNet', align: 'right', width: 80, render: weight },
          { key: 'shipped', title: c('shipped'), dataIndex: 'shipped', align: 'right', width: 75, render: weight },
          { key: 'deductions', title: c('deductions'), dataIndex: 'deductions', width: 110, render: (d: RowDeductions) => deductionText(d) },
          { key: 'quantity', title: c('quantity'), dataIndex: 'quantity', align: 'right', width: 90,
            render: (_v: string, r: Candidate) => <Tooltip title={basisTip(r)}><span data-testid="candidate-quantity" data-basis={r.basis}>{quantityText(r)}</span></Tooltip> },
          { key: 'price', title: c('price'), dataIndex: 'unitPrice', align: 'right', width: 85, render: (v: string) => display.unitPrice(v) },
          { key: 'amount', title: c('amount'), dataIndex: 'amount', align: 'right', width: 105, render: (v: string) => <span data-testid="candidate-amount">{display.money(v)}</span> },
        ]} />
    </SettlementFrame>
  );
}

const DEDUCTION_ORDER = ['WATER', 'IMPURITY', 'DETRITUS', 'STONE', 'OTHER', 'QUALITY', 'LOSS'] as const;

const dateTime = (v: string) => plantMinuteText(v);
