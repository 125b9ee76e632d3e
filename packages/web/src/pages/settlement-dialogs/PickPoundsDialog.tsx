import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/platform/feedback';
import { moneyText } from '@/platform/templates/list/cell-value';
import { confirmPounds, weightLists, type Candidate } from './api';
import { candidateAmount, chosenTotals } from './candidate-totals';
import { EmptyReasons, refusal, SettlementFrame, useSettlement, type DialogProps } from './shared';

/**
 * 确认磅单: the settlement's candidates (weightLists: its party's unsettled audited tickets of its
 * period), all chosen at first; the accountant leaves some out and confirms (confirmPounds with the ids).
 */
export function PickPoundsDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: settlement } = useSettlement(ctx);
  const id = ctx.selectedIds[0] as string;
  const { data } = useQuery({ queryKey: ['settlement-candidates', ctx.base, id], queryFn: () => weightLists(ctx.base, id), staleTime: 0, gcTime: 0 });
  const rows = data?.rows ?? [];
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const chosen = picked ?? new Set(rows.map((r) => r.id));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const totals = chosenTotals(rows, chosen);
  const ok = async () => {
    setBusy(true);
    try {
      await confirmPounds(ctx.base, id, rows.filter((r) => chosen.has(r.id)).map((r) => r.id));
      feedback.success(t('settlementDialogs.confirmed'));
      ctx.refresh();
      onClose();
    } catch (err) {
      setProblem(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const c = (k: string) => t(`settlementDialogs.candidates.${k}`);
  return (
    <SettlementFrame title={t('settlementDialogs.titles.confirmPounds')} width={1000} settlement={settlement} problem={problem} busy={busy}
      onOk={() => void ok()} onClose={onClose} testId="pick-pounds">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" data-testid="pick-all" onClick={() => setPicked(new Set(rows.map((r) => r.id)))}>{t('settlementDialogs.selectAll')}</Button>
        <Button size="small" data-testid="pick-none" onClick={() => setPicked(new Set())}>{t('settlementDialogs.selectNone')}</Button>
        <Typography.Text data-testid="pick-totals">{t('settlementDialogs.chosen', { count: totals.count, net: totals.net, amount: moneyText(totals.amount) })}</Typography.Text>
      </Space>
      <Table<Candidate> size="small" bordered rowKey="id" dataSource={rows} loading={!data} pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ y: 420 }} locale={{ emptyText: <EmptyReasons excluded={data?.excluded} /> }}
        rowSelection={{ selectedRowKeys: [...chosen], onChange: (keys) => setPicked(new Set(keys.map(String))), preserveSelectedRowKeys: true }}
        columns={[
          { key: 'no', title: c('ticketNo'), dataIndex: 'ticketNo', width: 150 },
          { key: 'plate', title: c('plate'), dataIndex: 'plateNumber', width: 100 },
          { key: 'material', title: c('material'), dataIndex: 'materialName' },
          { key: 'date', title: c('date'), dataIndex: 'completedAt', width: 150, render: (v: string) => dateTime(v) },
          { key: 'net', title: c('net'), dataIndex: 'net', align: 'right', width: 90 },
          { key: 'price', title: c('price'), dataIndex: 'price', align: 'right', width: 90, render: (v: string | null) => (v === null ? '' : moneyText(v)) },
          { key: 'amount', title: c('amount'), align: 'right', width: 120, render: (_: unknown, r: Candidate) => moneyText(candidateAmount(r)) },
        ]} />
    </SettlementFrame>
  );
}

function dateTime(v: string): string {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return v ?? '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
