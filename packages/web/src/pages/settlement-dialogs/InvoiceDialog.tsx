import { useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlantDatePicker } from '@/platform/PlantDatePicker';
import { feedback } from '@/platform/feedback';
import { invoice, type InvoiceBody } from './api';
import { refusal, SettlementFrame, today, useSettlement, type DialogProps } from './shared';

const MONEY = /^\s*\d+(\.\d{1,2})?\s*$/;

/** 发票: an invoice recorded against the settlement (number, date, amount, tax). */
export function InvoiceDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: settlement } = useSettlement(ctx);
  const [form] = Form.useForm<InvoiceBody>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ok = async () => {
    const b = await form.validateFields().catch(() => null);
    if (!b || !settlement) return;
    setBusy(true);
    try {
      const tax = b.tax?.trim();
      await invoice(ctx.base, settlement.id, { invoiceNo: b.invoiceNo.trim(), invoiceDate: b.invoiceDate.trim(), amount: b.amount.trim(), ...(tax ? { tax } : {}), ...(b.remark?.trim() ? { remark: b.remark.trim() } : {}) });
      feedback.success(t('settlementDialogs.saved'));
      ctx.refresh();
      onClose();
    } catch (err) {
      setProblem(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const f = (k: string) => t(`settlementDialogs.fields.${k}`);
  const need = (field: string) => ({ required: true, whitespace: true, message: t('settlementDialogs.required', { field }) });
  const money = (field: string) => ({ pattern: MONEY, message: t('settlementDialogs.required', { field }) });
  return (
    <SettlementFrame title={t('settlementDialogs.titles.invoice')} width={560} settlement={settlement} problem={problem} busy={busy}
      onOk={() => void ok()} onClose={onClose} testId="settle-invoice">
      <Form form={form} layout="vertical" initialValues={{ invoiceDate: today() }}>
        <Form.Item name="invoiceNo" label={f('invoiceNo')} rules={[need(f('invoiceNo'))]}><Input data-testid="invoice-no" maxLength={40} /></Form.Item>
        <Form.Item name="invoiceDate" label={f('invoiceDate')} rules={[need(f('invoiceDate')), { pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'yyyy-MM-dd' }]}>
          <PlantDatePicker data-testid="invoice-date" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="amount" label={f('amount')} rules={[need(f('amount')), money(f('amount'))]}><Input data-testid="invoice-amount" inputMode="decimal" /></Form.Item>
        <Form.Item name="tax" label={f('tax')} rules={[{ pattern: MONEY, message: t('settlementDialogs.required', { field: f('tax') }) }]}><Input data-testid="invoice-tax" inputMode="decimal" /></Form.Item>
        <Form.Item name="remark" label={f('remark')}><Input maxLength={500} /></Form.Item>
      </Form>
    </SettlementFrame>
  );
}
