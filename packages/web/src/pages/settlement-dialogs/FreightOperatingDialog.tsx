import { useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlantDatePicker } from '@/platform/PlantDatePicker';
import { feedback } from '@/platform/feedback';
import { freightOperating, type FreightAction } from './api';
import { refusal, today, type DialogProps } from './shared';

const ACTIONS: FreightAction[] = ['pay', 'invoice', 'close', 'unaudit'];
const MONEY = /^\s*\d+(\.\d{1,2})?\s*$/;

interface Values { amount?: string; paidOn?: string; method?: 'BANK' | 'CASH' | 'ACCEPTANCE'; reference?: string; invoiceNo?: string; invoiceDate?: string; tax?: string }

/**
 * 结算操作 on 运费结算 (Operating): on the one chosen freight settlement, a payment to the carrier (in
 * parts), an invoice, closing it, or un-examining it; the server refuses what its state does not allow.
 */
export function FreightOperatingDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const [action, setAction] = useState<FreightAction>('pay');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const row = ctx.selectedRows[0] ?? {};
  const id = ctx.selectedIds[0] as string;
  const o = (k: string) => t(`settlementDialogs.freight.${k}`);
  const f = (k: string) => t(`settlementDialogs.fields.${k}`);
  const methods = t('settlementDialogs.methods', { returnObjects: true }) as Record<string, string>;
  const need = (field: string) => ({ required: true, whitespace: true, message: t('settlementDialogs.required', { field }) });
  const money = (field: string) => ({ pattern: MONEY, message: t('settlementDialogs.required', { field }) });
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const trim = (s: string | undefined) => (s ?? '').trim();
      if (action === 'pay') {
        await freightOperating(ctx.base, { action, id, amount: trim(v.amount), paidOn: trim(v.paidOn), method: v.method ?? 'BANK', ...(trim(v.reference) ? { reference: trim(v.reference) } : {}) });
      } else if (action === 'invoice') {
        await freightOperating(ctx.base, { action, id, invoiceNo: trim(v.invoiceNo), invoiceDate: trim(v.invoiceDate), amount: trim(v.amount), tax: trim(v.tax) || '0' });
      } else {
        await freightOperating(ctx.base, { action, id });
      }
      feedback.success(t('settlementDialogs.saved'));
      ctx.refresh();
      onClose();
    } catch (err) {
      setProblem(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open width={600} title={`${o('title')} · ${String(row.settleNo ?? '')}`} onCancel={onClose} onOk={() => void ok()} confirmLoading={busy}
      okText={t('settlementDialogs.ok')} cancelText={t('settlementDialogs.cancel')} okButtonProps={{ ...({ 'data-testid': 'freight-operating-ok' } as Record<string, string>) }} destroyOnHidden>
      <div data-testid="freight-operating">
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }} items={[
          { key: 'carrier', label: o('carrier'), children: String(row.carrierName ?? '') },
          { key: 'state', label: t('settlementDialogs.head.state'), children: String(row.state ?? '') },
        ]} />
        <Radio.Group data-testid="freight-action" value={action} onChange={(e) => { setAction(e.target.value as FreightAction); setProblem(null); }} style={{ marginBottom: 12 }}
          options={ACTIONS.map((a) => ({ value: a, label: o(`actions.${a}`) }))} />
        {problem && <Alert type="error" showIcon title={problem} data-testid="freight-operating-problem" style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" initialValues={{ paidOn: today(), invoiceDate: today(), method: 'BANK' }}>
          {action === 'invoice' && (
            <Form.Item name="invoiceNo" label={f('invoiceNo')} rules={[need(f('invoiceNo'))]}><Input data-testid="freight-invoice-no" maxLength={40} /></Form.Item>
          )}
          {(action === 'pay' || action === 'invoice') && (
            <Form.Item name="amount" label={f('amount')} rules={[need(f('amount')), money(f('amount'))]}><Input data-testid="freight-amount" inputMode="decimal" /></Form.Item>
          )}
          {action === 'invoice' && (
            <>
              <Form.Item name="tax" label={f('tax')} rules={[money(f('tax'))]}><Input data-testid="freight-tax" inputMode="decimal" /></Form.Item>
              <Form.Item name="invoiceDate" label={f('invoiceDate')} rules={[need(f('invoiceDate'))]}><PlantDatePicker data-testid="freight-invoice-date" style={{ width: '100%' }} /></Form.Item>
            </>
          )}
          {action === 'pay' && (
            <>
              <Form.Item name="paidOn" label={f('paidOn')} rules={[need(f('paidOn'))]}><PlantDatePicker data-testid="freight-paid-on" style={{ width: '100%' }} /></Form.Item>
              <Form.Item name="method" label={f('method')}>
                <Select data-testid="freight-method" options={(['BANK', 'CASH', 'ACCEPTANCE'] as const).map((k) => ({ value: k, label: methods[k] ?? k }))} />
              </Form.Item>
              <Form.Item name="reference" label={f('reference')}><Input data-testid="freight-reference" maxLength={100} /></Form.Item>
            </>
          )}
          {(action === 'close' || action === 'unaudit') && <Alert type="info" showIcon title={o(`hints.${action}`)} />}
        </Form>
      </div>
    </Modal>
  );
}
