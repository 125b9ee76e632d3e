import { useState } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmOil } from './api';
import { AMOUNT, FuelAdvanceTable, PlanDialog, PlanHeader, useDetail, useSave, type DialogProps } from './shared';

/**
 * 确认油卡: a fuel card handed to the carrier as an advance (its number, amount, a remark; dated
 * when confirmed), and the plan's advances with the freight settlement that deducted each.
 */
export function FuelCardDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const o = (k: string) => t(`freightPlan.oil.${k}`);
  const { data: detail, isFetching, refetch } = useDetail(ctx);
  const [cardNo, setCardNo] = useState('');
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<{ field: 'cardNo' | 'amount'; text: string } | null>(null);
  const save = useSave(ctx, onClose);
  const ok = () => {
    if (cardNo.trim() === '') return setProblem({ field: 'cardNo', text: t('freightPlan.required', { field: o('cardNo') }) });
    const a = amount.trim();
    if (!AMOUNT.test(a) || Number(a) <= 0) return setProblem({ field: 'amount', text: t('freightPlan.notNumber', { field: o('amount') }) });
    setProblem(null);
    void save.run(() => confirmOil(ctx.base, ctx.selectedIds[0] as string, { cardNo: cardNo.trim(), amount: a, ...(remark.trim() ? { remark: remark.trim() } : {}) }), () => {
      setCardNo('');
      setAmount('');
      setRemark('');
      void refetch();
    });
  };
  const help = (field: 'cardNo' | 'amount') => (problem?.field === field ? { validateStatus: 'error' as const, help: problem.text } : {});
  return (
    <PlanDialog kind="confirmOil" width={820} plan={detail?.plan} save={save} onOk={ok} onClose={onClose} okDisabled={!detail}>
      <PlanHeader plan={detail?.plan} />
      <Form layout="inline" component="div" style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label={o('cardNo')} required {...help('cardNo')}>
          <Input data-testid="oil-card" maxLength={50} value={cardNo} onChange={(e) => setCardNo(e.target.value)} style={{ width: 200 }} autoFocus />
        </Form.Item>
        <Form.Item label={o('amount')} required {...help('amount')}>
          <Input data-testid="oil-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item label={o('remark')}><Input data-testid="oil-remark" maxLength={500} value={remark} onChange={(e) => setRemark(e.target.value)} style={{ width: 260 }} /></Form.Item>
      </Form>
      <FuelAdvanceTable rows={detail?.fuelAdvances ?? []} loading={isFetching} />
    </PlanDialog>
  );
}
