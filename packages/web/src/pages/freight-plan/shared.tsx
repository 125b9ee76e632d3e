import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { plantDayText, plantMinuteText } from '@/platform/plant-time';
import { formatMoney } from '@wb/protocol';
import { useDisplay, withUnit } from '@/platform/display';
import { planDetail, type FuelAdvance, type PlanHead, type Remittance } from './api';

export interface DialogProps { ctx: PageActionContext; onClose(): void }

export const money = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : formatMoney(v) || v);
/** A weight cell in the plant's unit and decimals, its title with the plant's unit. */
export function useWeightColumn() {
  const display = useDisplay();
  return {
    title: (label: string) => withUnit(label, display),
    render: (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : display.weight(v) || v),
  };
}
export const figure = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
export const when = (v: string | null | undefined, dayOnly = false) => (v ? (dayOnly ? plantDayText(v) : plantMinuteText(v)) : '—');
export const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/** The chosen plan as it stands now (never a cached copy: the list may be older than the plan). */
export function useDetail(ctx: PageActionContext) {
  const id = ctx.selectedIds[0] as string;
  return useQuery({ queryKey: ['freight-plan', ctx.base, id], queryFn: () => planDetail(ctx.base, id), staleTime: 0, gcTime: 0 });
}

/**
 * A save of a dialog: the list reloads; `stay` keeps the dialog open (a record added to a list it
 * shows). The server's refusal stays in the dialog, where the user can correct it.
 */
export function useSave(ctx: PageActionContext, onClose: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setRefusal(null);
    try {
      await work();
      feedback.success(t('freightPlan.saved'));
      ctx.refresh();
      if (after) after();
      else onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!err.shown) setRefusal(err.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, run };
}

/** The plan's head: which carrier's trips, at what price, and the money against it. */
export function PlanHeader({ plan, full = false }: { plan: PlanHead | undefined; full?: boolean }) {
  const { t } = useTranslation();
  const p = (k: string) => t(`freightPlan.plan.${k}`);
  const display = useDisplay();
  const items = [
    { key: 'carrier', label: p('carrier'), children: plan?.carrierName ?? '' },
    { key: 'material', label: p('material'), children: plan?.materialName ?? '—' },
    { key: 'price', label: p('price'), children: plan ? `${plan.price ? display.unitPrice(plan.price) : '—'}${plan.priceLabel ? ` (${plan.priceLabel})` : ''}` : '' },
    { key: 'confirmed', label: p('confirmed'), children: plan ? (plan.poundsConfirmedAt ? `${p('yes')} ${when(plan.poundsConfirmedAt)}` : p('no')) : '' },
  ];
  const more = [
    { key: 'route', label: p('route'), children: plan?.routeName ?? '—' },
    { key: 'period', label: p('period'), children: plan ? `${when(plan.startTime, true)} ~ ${plan.endTime ? when(plan.endTime, true) : ''}` : '' },
    { key: 'ware', label: p('ware'), children: plan?.wareName ?? '—' },
    { key: 'freightTotal', label: p('freightTotal'), children: <span data-testid="plan-freight-total">{money(plan?.freightTotal)}</span> },
    { key: 'lossChargeTotal', label: p('lossChargeTotal'), children: money(plan?.lossChargeTotal) },
    { key: 'remitted', label: p('remitted'), children: <span data-testid="plan-remitted">{money(plan?.remitted)}</span> },
    { key: 'fuelAdvanced', label: p('fuelAdvanced'), children: <span data-testid="plan-fuel-advanced">{money(plan?.fuelAdvanced)}</span> },
  ];
  return <Descriptions size="small" column={full ? 3 : 2} style={{ marginBottom: 12 }} items={full ? [...items, ...more] : items} />;
}

export function RemittanceTable({ rows, loading }: { rows: Remittance[]; loading?: boolean }) {
  const { t } = useTranslation();
  const r = (k: string) => t(`freightPlan.remit.${k}`);
  return (
    <Table<Remittance> data-testid="plan-remittances" size="small" rowKey="id" pagination={false} loading={loading} dataSource={rows} locale={{ emptyText: r('none') }}
      columns={[
        { title: r('paidAt'), dataIndex: 'paidAt', width: 150, render: (v: string) => when(v) },
        { title: r('amount'), dataIndex: 'amount', align: 'right', width: 130, render: (v: string) => money(v) },
        { title: r('method'), dataIndex: 'method', width: 100, render: (v: string) => t(`freightPlan.methods.${v}`, { defaultValue: v }) },
        { title: r('reference'), dataIndex: 'reference' },
        { title: r('remark'), dataIndex: 'remark' },
      ]} />
  );
}

export function FuelAdvanceTable({ rows, loading }: { rows: FuelAdvance[]; loading?: boolean }) {
  const { t } = useTranslation();
  const o = (k: string) => t(`freightPlan.oil.${k}`);
  return (
    <Table<FuelAdvance> data-testid="plan-fuel-advances" size="small" rowKey="id" pagination={false} loading={loading} dataSource={rows} locale={{ emptyText: o('none') }}
      columns={[
        { title: o('confirmedAt'), dataIndex: 'confirmedAt', width: 150, render: (v: string) => when(v) },
        { title: o('cardNo'), dataIndex: 'cardNo' },
        { title: o('amount'), dataIndex: 'amount', align: 'right', width: 130, render: (v: string) => money(v) },
        { title: o('deductedBy'), dataIndex: 'deductedByNo', render: (v: string | null) => v ?? '' },
        { title: o('remark'), dataIndex: 'remark' },
      ]} />
  );
}

interface FrameProps {
  kind: string; width: number; plan: PlanHead | undefined; save?: ReturnType<typeof useSave>;
  onOk?(): void; onClose(): void; okDisabled?: boolean; children: ReactNode;
}

/** The frame the plan's dialogs share: the title with the plan's number, the server's refusal, the buttons. */
export function PlanDialog({ kind, width, plan, save, onOk, onClose, okDisabled, children }: FrameProps) {
  const { t } = useTranslation();
  return (
    <Modal open width={width} title={`${t(`freightPlan.titles.${kind}`)}${plan ? ` · ${plan.planNo}` : ''}`} onCancel={onClose} destroyOnHidden
      {...(onOk
        ? { onOk, confirmLoading: save?.busy, okText: t('freightPlan.ok'), cancelText: t('freightPlan.cancel'), okButtonProps: { disabled: okDisabled, 'data-testid': 'plan-dialog-ok' } }
        : { footer: null })}>
      <div data-testid={`plan-dialog-${kind}`}>
        {save?.refusal && <Alert type="error" showIcon title={save.refusal} data-testid="plan-dialog-refusal" style={{ marginBottom: 12 }} />}
        {children}
      </div>
    </Modal>
  );
}
