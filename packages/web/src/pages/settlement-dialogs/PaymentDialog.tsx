import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlantDatePicker } from '@/platform/PlantDatePicker';
import { feedback } from '@/platform/feedback';
import { useDisplay } from '@/platform/display';
import { toDecimal } from '@wb/protocol';
import { customerReceipts, payment, type PaymentBody } from './api';
import { refusal, SettlementFrame, today, useSettlement, type DialogProps } from './shared';

const MONEY = /^\s*\d+(\.\d{1,2})?\s*$/;

/**
 * 付款 (purchase: to the vendor) / 收款 (sales, allot: from the customer): one part of what is owed;
 * a sales payment may name the customer's audited receipt (收款登记) it came in with.
 */
export function PaymentDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: settlement } = useSettlement(ctx);
  const sales = settlement?.kind === 'sa';
  const { data: receipts } = useQuery({
    queryKey: ['settlement-receipts', settlement?.party.name], enabled: sales, staleTime: 0, gcTime: 0,
    queryFn: () => customerReceipts(settlement?.party.name ?? '').catch(() => []),
  });
  const [form] = Form.useForm<PaymentBody>();
  const method = Form.useWatch('method', form);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const methods = t('settlementDialogs.methods', { returnObjects: true }) as Record<string, string>;
  const display = useDisplay();
  const owed = settlement ? toDecimal(settlement.totalAmount)?.minus(toDecimal(settlement.paidAmount) ?? 0).toFixed() ?? '0' : '';
  const ok = async () => {
    const b = await form.validateFields().catch(() => null);
    if (!b || !settlement) return;
    setBusy(true);
    try {
      await payment(ctx.base, settlement.id, {
        paidOn: b.paidOn.trim(), method: b.method, amount: b.amount.trim(),
        ...(b.receiptId ? { receiptId: b.receiptId } : {}), ...(b.reference?.trim() ? { reference: b.reference.trim() } : {}),
      });
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
  const kinds: PaymentBody['method'][] = sales ? ['BANK', 'CASH', 'ACCEPTANCE', 'RECEIPT'] : ['BANK', 'CASH', 'ACCEPTANCE'];
  const title = settlement && settlement.kind !== 'pu' ? t('settlementDialogs.titles.receive') : t('settlementDialogs.titles.pay');
  return (
    <SettlementFrame title={title} width={560} settlement={settlement} problem={problem} busy={busy}
      onOk={() => void ok()} onClose={onClose} testId="settle-payment">
      {settlement && <Typography.Paragraph data-testid="payment-owed">{t('settlementDialogs.owed', { amount: display.money(owed) })}</Typography.Paragraph>}
      <Form form={form} layout="vertical" initialValues={{ paidOn: today(), method: 'BANK' }}>
        <Form.Item name="amount" label={f('amount')} rules={[need(f('amount')), { pattern: MONEY, message: t('settlementDialogs.required', { field: f('amount') }) }]}>
          <Input data-testid="payment-amount" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="paidOn" label={f('paidOn')} rules={[need(f('paidOn')), { pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'yyyy-MM-dd' }]}>
          <PlantDatePicker data-testid="payment-date" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="method" label={f('method')} rules={[need(f('method'))]}>
          <Select data-testid="payment-method" options={kinds.map((k) => ({ value: k, label: methods[k] ?? k }))} />
        </Form.Item>
        {sales && (
          <Form.Item name="receiptId" label={f('receipt')} rules={method === 'RECEIPT' ? [need(f('receipt'))] : []}>
            <Select data-testid="payment-receipt" allowClear options={(receipts ?? []).map((r) => ({ value: r.id, label: `${r.receiptNo}${r.amount ? ` · ${display.money(r.amount)}` : ''}` }))} />
          </Form.Item>
        )}
        <Form.Item name="reference" label={f('reference')}><Input data-testid="payment-reference" maxLength={100} /></Form.Item>
      </Form>
    </SettlementFrame>
  );
}
