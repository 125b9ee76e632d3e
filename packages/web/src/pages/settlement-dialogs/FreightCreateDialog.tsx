import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlantDatePicker } from '@/platform/PlantDatePicker';
import { plantMinuteText, plantNextDay } from '@/platform/plant-time';
import { feedback } from '@/platform/feedback';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { useDisplay, withUnit } from '@/platform/display';
import { toDecimal } from '@wb/protocol';
import { carriers, freightCandidates, freightExcluded, freightNewCreate, type ExcludedCount, type FreightCandidate, type FreightKind, type FreightPeriod } from './api';
import { EmptyReasons, refusal, today } from './shared';

const KINDS: FreightKind[] = ['pu', 'sa', 'al', 'tr'];

/** The day after a yyyy-MM-dd: the period's end is exclusive on the wire, inclusive on the screen. */
const nextDay = (day: string) => plantNextDay(day);

/**
 * 新建结算 on 运费结算: a carrier and a period, 查询 lists its trips no freight settlement holds
 * (createList), all ticked; 生成 makes a draft of the ticked ones (newCreate) and the list reloads.
 */
export function FreightCreateDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const { t } = useTranslation();
  const f = (k: string) => t(`settlementDialogs.freightCreate.${k}`);
  const { data: carrierRows } = useQuery({ queryKey: ['freight-create-carriers'], queryFn: carriers, staleTime: 0, gcTime: 0 });
  const [kind, setKind] = useState<FreightKind>('pu');
  const [carrierId, setCarrierId] = useState<string | null>(null);
  const [from, setFrom] = useState(`${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today());
  const [rows, setRows] = useState<FreightCandidate[] | null>(null);
  const [asked, setAsked] = useState<FreightPeriod | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [excluded, setExcluded] = useState<ExcludedCount[] | undefined>(undefined);
  const unpriced = (rows ?? []).filter((r) => r.freight === null).length;

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (err) {
      setProblem(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const search = () => attempt(async () => {
    if (!carrierId) return setProblem(t('settlementDialogs.required', { field: f('carrier') }));
    const p: FreightPeriod = { kind, carrierId, periodFrom: `${from} 00:00:00`, periodTo: `${nextDay(to)} 00:00:00` };
    const found = await freightCandidates(ctx.base, p);
    // an empty list says what rules the period's tickets out (no carrier, not audited, held by X)
    setExcluded(found.length === 0 ? (await freightExcluded(ctx.base, p)).excluded : undefined);
    setRows(found);
    setAsked(p);
    setChosen(new Set(found.map((r) => r.id)));
  });
  const generate = () => attempt(async () => {
    if (!asked || chosen.size === 0) return setProblem(f('pickSome'));
    const made = await freightNewCreate(ctx.base, asked, (rows ?? []).filter((r) => chosen.has(r.id)).map((r) => r.id));
    feedback.success(t('settlementDialogs.freightCreate.made', { no: made.settleNo }));
    ctx.refresh();
    onClose();
  });

  const sum = (pick: (r: FreightCandidate) => string | null) =>
    (rows ?? []).filter((r) => chosen.has(r.id)).reduce((acc, r) => acc.plus(pick(r) ?? '0'), toDecimal('0') as NonNullable<ReturnType<typeof toDecimal>>).toFixed(2);
  const c = (k: string) => t(`settlementDialogs.candidates.${k}`);
  const display = useDisplay();
  const money = (v: string | null) => (v === null ? f('noPrice') : display.money(v));
  return (
    <Modal open width={1100} title={f('title')} onCancel={onClose} onOk={() => void generate()} confirmLoading={busy}
      okText={f('generate')} cancelText={t('settlementDialogs.cancel')}
      okButtonProps={{ disabled: !rows || chosen.size === 0, ...({ 'data-testid': 'freight-create-ok' } as Record<string, string>) }} destroyOnHidden>
      <div data-testid="freight-create">
        <Space wrap style={{ marginBottom: 12 }}>
          <Select<FreightKind> style={{ width: 110 }} value={kind} onChange={(v) => { setKind(v); setRows(null); }} data-testid="freight-create-kind"
            options={KINDS.map((k) => ({ value: k, label: t(`settlementDialogs.freightCreate.kinds.${k}`) }))} />
          <Select<string> style={{ width: 260 }} showSearch optionFilterProp="label" placeholder={f('carrier')} value={carrierId ?? undefined}
            loading={!carrierRows} onChange={(v) => { setCarrierId(v); setRows(null); }} data-testid="freight-create-carrier"
            options={(carrierRows ?? []).map((r) => ({ value: r.id, label: `${r.carrierCode} ${r.carrierName}` }))} />
          <PlantDatePicker value={from} onChange={(v) => setFrom(v ?? '')} data-testid="freight-create-from" />
          <span>~</span>
          <PlantDatePicker value={to} onChange={(v) => setTo(v ?? '')} data-testid="freight-create-to" />
          <Button type="primary" loading={busy} onClick={() => void search()} data-testid="freight-create-search">{f('search')}</Button>
        </Space>
        {problem && <Alert type="error" showIcon title={problem} data-testid="freight-create-problem" style={{ marginBottom: 12 }} />}
        {unpriced > 0 && <Alert type="warning" showIcon title={t('settlementDialogs.excluded.noPrice', { count: unpriced })} data-testid="freight-create-unpriced" style={{ marginBottom: 12 }} />}
        <Space style={{ marginBottom: 8 }}>
          <Button size="small" data-testid="freight-pick-all" disabled={!rows} onClick={() => setChosen(new Set((rows ?? []).map((r) => r.id)))}>{t('settlementDialogs.selectAll')}</Button>
          <Button size="small" data-testid="freight-pick-none" disabled={!rows} onClick={() => setChosen(new Set())}>{t('settlementDialogs.selectNone')}</Button>
          <Typography.Text data-testid="freight-create-totals">
            {t('settlementDialogs.freightCreate.chosen', { count: chosen.size, freight: display.money(sum((r) => r.freight)), loss: display.money(sum((r) => r.lossCharge)) })}
          </Typography.Text>
        </Space>
        <Table<FreightCandidate> size="small" bordered rowKey="id" dataSource={rows ?? []} pagination={{ pageSize: 50, showSizeChanger: false }}
          scroll={{ y: 400 }} locale={{ emptyText: rows ? <EmptyReasons excluded={excluded} none={t('settlementDialogs.excluded.noneOfKind')} /> : f('askFirst') }}
          rowSelection={{ selectedRowKeys: [...chosen], onChange: (keys) => setChosen(new Set(keys.map(String))), preserveSelectedRowKeys: true }}
          columns={[
            { key: 'no', title: c('ticketNo'), dataIndex: 'ticketNo', width: 150 },
            { key: 'plate', title: c('plate'), dataIndex: 'plateNumber', width: 100 },
            { key: 'material', title: c('material'), dataIndex: 'materialName' },
            { key: 'date', title: c('date'), dataIndex: 'completedAt', width: 150, render: (v: string) => dateTime(v) },
            { key: 'hauled', title: withUnit(f('hauled'), display), dataIndex: 'hauled', align: 'right', width: 100, render: (v: string) => display.weight(v) || v },
            { key: 'freight', title: f('freight'), dataIndex: 'freight', align: 'right', width: 110, render: money },
            { key: 'loss', title: f('lossCharge'), dataIndex: 'lossCharge', align: 'right', width: 110, render: money },
          ]} />
      </div>
    </Modal>
  );
}

const dateTime = (v: string) => plantMinuteText(v);
