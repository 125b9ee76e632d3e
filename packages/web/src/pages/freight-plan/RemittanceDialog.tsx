import { useState } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerToInstant, plantNow } from '@/platform/plant-time';
import { useTranslation } from 'react-i18next';
import { addRemittance } from './api';
import { AMOUNT, PlanDialog, PlanHeader, RemittanceTable, useDetail, useSave, type DialogProps } from './shared';

const METHODS = ['BANK', 'CASH', 'BILL', 'OTHER'] as const;

/**
 * 汇款: a payment made to the carrier against the plan (date, amount, how, the account or
 * reference it went by, a remark), and the plan's remittances so far. The dialog stays open on
 * the refreshed list after a save, so a second payment is recorded in place.
 */
export function RemittanceDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const r = (k: string) => t(`freightPlan.remit.${k}`);
  const { data: detail, isFetching, refetch } = useDetail(ctx);
  const [amount, setAmount] = useState('');
  const [paidAt, setPaidAt] = useState<Dayjs | null>(() => plantNow());
  const [method, setMethod] = useState<string>('BANK');
  const [reference, setReference] = useState('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave(ctx, onClose);
  const ok = () => {
    const a = amount.trim();
    if (a === '') return setProblem(t('freightPlan.required', { field: r('amount') }));
    if (!AMOUNT.test(a) || Number(a) <= 0) return setProblem(t('freightPlan.notNumber', { field: r('amount') }));
    setProblem(null);
    void save.run(() => addRemittance(ctx.base, {
      id: ctx.selectedIds[0] as string, amount: a, method, ...(paidAt ? { paidAt: pickerToInstant(paidAt) as string } : {}),
      ...(reference.trim() ? { reference: reference.trim() } : {}), ...(remark.trim() ? { remark: remark.trim() } : {}),
    }), () => {
      setAmount('');
      setReference('');
      setRemark('');
      void refetch();
    });
  };
  return (
    <PlanDialog kind="remittance" width={820} plan={detail?.plan} save={save} onOk={ok} onClose={onClose} okDisabled={!detail}>
      <PlanHeader plan={detail?.plan} />
      <Form layout="inline" component="div" style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label={r('paidAt')}><DatePicker data-testid="remit-date" value={paidAt} onChange={setPaidAt} /></Form.Item>
        <Form.Item label={r('amount')} required validateStatus={problem ? 'error' : undefined} help={problem}>
          <Input data-testid="remit-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} style={{ width: 140 }} autoFocus />
        </Form.Item>
        <Form.Item label={r('method')}>
          <Select data-testid="remit-method" value={method} onChange={setMethod} style={{ width: 120 }} options={METHODS.map((m) => ({ value: m, label: t(`freightPlan.methods.${m}`) }))} />
        </Form.Item>
        <Form.Item label={r('reference')}><Input data-testid="remit-reference" maxLength={100} value={reference} onChange={(e) => setReference(e.target.value)} style={{ width: 220 }} /></Form.Item>
        <Form.Item label={r('remark')}><Input data-testid="remit-remark" maxLength={500} value={remark} onChange={(e) => setRemark(e.target.value)} style={{ width: 300 }} /></Form.Item>
      </Form>
      <RemittanceTable rows={detail?.remittances ?? []} loading={isFetching} />
    </PlanDialog>
  );
}
