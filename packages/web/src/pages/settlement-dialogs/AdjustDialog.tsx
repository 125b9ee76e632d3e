import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/platform/feedback';
import { adjust, type AdjustBody } from './api';
import { refusal, SettlementFrame, useSettlement, type DialogProps } from './shared';

const KINDS: AdjustBody['reasonKind'][] = ['ROUNDING', 'PENALTY', 'REBATE', 'OTHER'];

/** 调整: an adjustment row on a draft settlement (rounding, a penalty, a rebate), its amount signed, with its reason. */
export function AdjustDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: settlement } = useSettlement(ctx);
  const [form] = Form.useForm<AdjustBody>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const kinds = t('settlementDialogs.adjustKinds', { returnObjects: true }) as Record<string, string>;
  const ok = async () => {
    const body = await form.validateFields().catch(() => null);
    if (!body || !settlement) return;
    setBusy(true);
    try {
      await adjust(ctx.base, settlement.id, { reasonKind: body.reasonKind, reason: body.reason.trim(), amount: String(body.amount).trim() });
      feedback.success(t('settlementDialogs.saved'));
      ctx.refresh();
      onClose();
    } catch (err) {
      setProblem(refusal(err));
    } finally {
      setBusy(false);
    }
  };
  const need = (field: string) => [{ required: true, whitespace: true, message: t('settlementDialogs.required', { field }) }];
  return (
    <SettlementFrame title={t('settlementDialogs.titles.adjust')} width={560} settlement={settlement} problem={problem} busy={busy}
      onOk={() => void ok()} onClose={onClose} testId="settle-adjust">
      <Form form={form} layout="vertical" initialValues={{ reasonKind: 'ROUNDING' }}>
        <Form.Item name="reasonKind" label={t('settlementDialogs.fields.reasonKind')} rules={need(t('settlementDialogs.fields.reasonKind'))}>
          <Select data-testid="adjust-kind" options={KINDS.map((k) => ({ value: k, label: kinds[k] ?? k }))} />
        </Form.Item>
        <Form.Item name="amount" label={t('settlementDialogs.fields.adjustAmount')} rules={[...need(t('settlementDialogs.fields.amount')), { pattern: /^\s*-?\d+(\.\d{1,2})?\s*$/, message: t('settlementDialogs.required', { field: t('settlementDialogs.fields.amount') }) }]}>
          <Input data-testid="adjust-amount" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="reason" label={t('settlementDialogs.fields.reason')} rules={need(t('settlementDialogs.fields.reason'))}>
          <Input.TextArea data-testid="adjust-reason" maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </SettlementFrame>
  );
}
