import { useState } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PlantDatePicker } from '@/platform/PlantDatePicker';
import { downloadFile } from '@/platform/api/download';
import { useDisplay, withUnit } from '@/platform/display';
import { reconcile, RECONCILE_EXPORT, type ReconcileParty, type ReconcileQuery, type ReconcileRow, type Reconciliation } from './api';
import { refusal, today } from './shared';

const PARTIES: ReconcileParty[] = ['vendor', 'customer', 'carrier'];
const firstOfMonth = () => `${today().slice(0, 8)}01`;

/**
 * 对账查询: per vendor, customer or carrier over a period, the tickets weighed, settled and not, and
 * what their settlements were invoiced and paid; a party narrows the rows; 导出 downloads the same as Excel.
 */
export function ReconcileDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open width={1300} title={t('settlementDialogs.reconcile.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('settlementDialogs.cancel')}</Button>} destroyOnHidden>
      <ReconcilePanel />
    </Modal>
  );
}

/** The query and its table: the body of the dialog, and the page of 结算管理 → 对账查询 (settlement/reconcile). */
export function ReconcilePanel() {
  const { t } = useTranslation();
  const [q, setQ] = useState<ReconcileQuery>({ party: 'vendor', from: firstOfMonth(), to: today() });
  const [partyName, setPartyName] = useState<string | null>(null);
  const [data, setData] = useState<Reconciliation | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const r = (k: string) => t(`settlementDialogs.reconcile.${k}`);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setData(await reconcile(q));
    } catch (err) {
      setProblem(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const rows = (data?.rows ?? []).filter((x) => !partyName || x.partyName === partyName);
  const display = useDisplay();
  const money = (key: keyof ReconcileRow, title: string) => ({ key, title, dataIndex: key, align: 'right' as const, width: 120, render: (v: string) => display.money(v) });
  const plain = (key: keyof ReconcileRow, title: string) => ({ key, title, dataIndex: key, align: 'right' as const, width: 90 });
  const tons = (key: keyof ReconcileRow, title: string) => ({ key, title: withUnit(title, display), dataIndex: key, align: 'right' as const, width: 100, render: (v: string) => display.weight(v) });
  const columns: ColumnsType<ReconcileRow> = [
    { key: 'partyName', title: r(`parties.${data?.party ?? q.party}`), dataIndex: 'partyName', fixed: 'left', width: 200 },
    plain('weighedCount', r('weighedCount')), tons('weighedTons', r('weighedTons')), money('weighedAmount', r('weighedAmount')),
    plain('settledCount', r('settledCount')), tons('settledTons', r('settledTons')), money('settledAmount', r('settledAmount')),
    plain('unsettledCount', r('unsettledCount')), tons('unsettledTons', r('unsettledTons')), money('unsettledAmount', r('unsettledAmount')),
    money('settlementTotal', r('settlementTotal')), money('invoicedAmount', r('invoicedAmount')), money('paidAmount', r('paidAmount')), money('unpaidAmount', r('unpaidAmount')),
  ];
  const exportXlsx = () => downloadFile(RECONCILE_EXPORT, { method: 'POST', body: q, fallbackName: 'reconcile.xlsx' }).catch(() => undefined);
  return (
    <>
      <div data-testid="reconcile">
        <Space wrap style={{ marginBottom: 12 }}>
          <Select data-testid="reconcile-party" style={{ width: 120 }} value={q.party} onChange={(party) => { setQ({ ...q, party }); setData(null); setPartyName(null); }}
            options={PARTIES.map((p) => ({ value: p, label: r(`parties.${p}`) }))} />
          <PlantDatePicker data-testid="reconcile-from" value={q.from} onChange={(v) => setQ({ ...q, from: v ?? '' })} />
          <span>~</span>
          <PlantDatePicker data-testid="reconcile-to" value={q.to} onChange={(v) => setQ({ ...q, to: v ?? '' })} />
          <Select data-testid="reconcile-name" style={{ width: 240 }} allowClear showSearch placeholder={r('allParties')} value={partyName ?? undefined}
            onChange={(v) => setPartyName(v ?? null)} options={(data?.rows ?? []).map((x) => ({ value: x.partyName, label: x.partyName }))} />
          <Button type="primary" loading={busy} data-testid="reconcile-run" onClick={() => void run()}>{r('run')}</Button>
          <Button data-testid="reconcile-export" onClick={() => void exportXlsx()}>{r('export')}</Button>
        </Space>
        {problem && <Alert type="error" showIcon title={problem} data-testid="reconcile-problem" style={{ marginBottom: 12 }} />}
        <Table<ReconcileRow> size="small" bordered rowKey="partyId" dataSource={rows} columns={columns} loading={busy} pagination={{ pageSize: 20, showSizeChanger: false }}
          scroll={{ x: 'max-content', y: 460 }} locale={{ emptyText: r('empty') }}
          summary={() => (data && !partyName ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="reconcile-total">
                <Table.Summary.Cell index={0}>{r('total')}</Table.Summary.Cell>
                {columns.slice(1).map((c, i) => {
                  const v = data.total[c.key as keyof Reconciliation['total']];
                  const key = String(c.key);
                  const text = /Amount|Total/.test(key) ? display.money(v) : /Tons$/.test(key) ? display.weight(v) : String(v);
                  return <Table.Summary.Cell key={key} index={i + 1} align="right">{text}</Table.Summary.Cell>;
                })}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null)} />
      </div>
    </>
  );
}
