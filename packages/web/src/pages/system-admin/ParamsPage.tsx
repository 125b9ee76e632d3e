import { useEffect } from 'react';
import { Button, Card, Form, InputNumber, Radio, Space, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECK_LEVELS, CONFIRM_LEVELS, PAY_ROUNDINGS, ROUNDING_MODES, WEIGH_PARAM_GROUPS, WEIGHT_UNITS, type WeighParamKey, type WeighParams } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { fetchWeighParams, saveWeighParams } from './api';
import { type AdminTexts, useAdminTexts } from './texts';
import './system-admin.css';

const QUERY_KEY = ['system-admin', 'weigh-params'];

/** 参数设置: the weighing parameters of the current company, in groups with what each one does. */
export default function ParamsPage() {
  const tx = useAdminTexts();
  const english = useEnglish();
  const { can } = usePermissions();
  const editable = can('sys_param_edit');
  const [form] = Form.useForm<WeighParams>();
  const client = useQueryClient();
  const { data, isLoading } = useQuery({ queryKey: QUERY_KEY, queryFn: fetchWeighParams });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = useMutation({
    mutationFn: saveWeighParams,
    onSuccess: (saved) => {
      client.setQueryData(QUERY_KEY, saved);
      // the user's info carries the weight unit and decimals every screen formats with: read it again
      void client.invalidateQueries({ queryKey: ['me'] });
      feedback.success(tx.common.saved);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field) form.setFields([{ name: err.field as WeighParamKey, errors: [err.message] }]);
    },
  });

  if (isLoading || !data) return <Spin />;
  return (
    <div className="sa-page" data-testid="weigh-params">
      <Typography.Paragraph type="secondary">{tx.params.intro}</Typography.Paragraph>
      <Form form={form} layout="horizontal" labelCol={{ flex: '220px' }} wrapperCol={{ flex: 'auto' }} disabled={!editable} onFinish={(values) => save.mutate(values)}>
        {WEIGH_PARAM_GROUPS.map((group) => (
          <Card key={group.title.zh} size="small" className="sa-param-group" title={english ? group.title.en : group.title.zh}>
            {group.keys.map((key) => (
              <Form.Item key={key} name={key} label={tx.paramLabels[key][0]} extra={tx.paramLabels[key][1]} rules={[{ required: true }]}>
                {control(key, tx)}
              </Form.Item>
            ))}
          </Card>
        ))}
        {editable && (
          <Space className="sa-actions">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-params">{tx.params.save}</Button>
            <Button htmlType="button" onClick={() => form.setFieldsValue(data)}>{tx.params.reset}</Button>
          </Space>
        )}
      </Form>
    </div>
  );
}

const NUMBER_LIMITS: Partial<Record<WeighParamKey, { min: number; max: number; step?: number; unit?: 'hours' | 'minutes' | 'digits' | 'yuan' }>> = {
  tareValidHours: { min: -1, max: 8760, unit: 'hours' },
  tareAlarmKg: { min: 0, max: 100000, step: 10 },
  tareAlarmPercent: { min: 0, max: 100, step: 0.5 },
  emptyGrossKg: { min: 0, max: 100000, step: 10 },
  sameWeightMinutes: { min: 1, max: 1440, unit: 'minutes' },
  overstayHours: { min: 1, max: 168, unit: 'hours' },
  weightPrecision: { min: 0, max: 4, unit: 'digits' },
  moneyPrecision: { min: 0, max: 4, unit: 'digits' },
  unitPricePrecision: { min: 0, max: 6, unit: 'digits' },
  assayPrecision: { min: 0, max: 6, unit: 'digits' },
  receiptCeiling: { min: 1, max: 999999999999999, step: 10000, unit: 'yuan' },
  refundCeiling: { min: 1, max: 999999999999999, step: 10000, unit: 'yuan' },
  creditCeiling: { min: 1, max: 999999999999999, step: 10000, unit: 'yuan' },
  paymentCeiling: { min: 1, max: 999999999999999, step: 10000, unit: 'yuan' },
  invoiceCeiling: { min: 1, max: 999999999999999, step: 10000, unit: 'yuan' },
  adjustCeiling: { min: 1, max: 999999999999999, step: 10000, unit: 'yuan' },
};

/** The control a parameter needs: a choice of reactions, a rounding mode, a unit or a number. */
function control(key: WeighParamKey, tx: AdminTexts) {
  if (key === 'reversedOrder' || key === 'netOutOfRange') return <Radio.Group optionType="button" buttonStyle="solid" options={CONFIRM_LEVELS.map((v) => ({ value: v, label: tx.params[v] }))} />;
  if (key.endsWith('Check')) return <Radio.Group optionType="button" buttonStyle="solid" options={CHECK_LEVELS.map((v) => ({ value: v, label: tx.params[v] }))} />;
  if (key === 'weightRounding') return <Radio.Group options={ROUNDING_MODES.map((v) => ({ value: v, label: tx.params[v] }))} />;
  if (key === 'payRounding') return <Radio.Group options={PAY_ROUNDINGS.map((v) => ({ value: v, label: tx.params[v] }))} />;
  if (key === 'weightUnit') return <Radio.Group options={WEIGHT_UNITS.map((v) => ({ value: v, label: tx.params[v] }))} />;
  const limits = NUMBER_LIMITS[key] ?? { min: 0, max: 100000 };
  return (
    <InputNumber
      min={limits.min}
      max={limits.max}
      step={limits.step ?? 1}
      precision={limits.unit === 'yuan' ? 0 : limits.step && limits.step < 1 ? 2 : limits.step ? undefined : 0}
      suffix={limits.unit ? tx.params[limits.unit] : undefined}
      style={{ width: 200 }}
      data-testid={`param-${key}`}
    />
  );
}
