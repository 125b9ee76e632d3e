import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, InputNumber, Row, Space, Switch, Tag, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { fromPicker, toPicker } from '@/platform/plant-time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALERT_PERMISSIONS, type AlertRuleSetting } from '@wb/protocol';
import { ApiError } from '@/platform/api/http';
import { useEnglish } from '@/i18n/useEnglish';
import { usePermissions } from '@/app/hooks/usePermissions';
import { fetchRuleSettings, saveRuleSetting } from './api';
import './i18n';

type Values = Record<string, unknown> & { enabled: boolean };

/** One rule's form: on or off, and each threshold with its unit in the label; a value left at the default keeps following it. */
function RuleForm({ rule, canSave }: { rule: AlertRuleSetting; canSave: boolean }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const initial: Values = { enabled: rule.enabled, ...rule.defaults, ...rule.settings };
  const save = async (values: Values) => {
    const settings: Record<string, unknown> = {};
    for (const f of rule.fields) {
      const v = values[f.key];
      const value = f.kind === 'time' && v ? fromPicker(v as Dayjs, 'HH:mm') : v;
      // a value equal to the default is not stored: a better default reaches the company later
      if (value !== undefined && value !== null && value !== rule.defaults[f.key]) settings[f.key] = value;
    }
    setBusy(true);
    try {
      await saveRuleSetting(rule.rule, values.enabled, settings);
      setProblem(null);
      message.success(t('alert.settings.saved'));
      await client.invalidateQueries({ queryKey: ['alert', 'rules'] });
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const fieldInitial = (key: string, kind: string) => (kind === 'time' ? toPicker(String(initial[key]), 'HH:mm') : initial[key]);
  return (
    <Card
      size="small" data-testid={`alert-setting-${rule.rule}`}
      title={<Space>{english ? rule.labelEn : rule.label}<Tag>{t(`alert.settings.${rule.when}`)}</Tag></Space>}
    >
      {problem && <Alert type="error" showIcon style={{ marginBottom: 8 }} title={problem} data-testid="alert-setting-problem" />}
      <Form
        form={form} name={rule.rule} layout="horizontal" labelCol={{ span: 12 }} wrapperCol={{ span: 12 }} size="small" disabled={!canSave}
        initialValues={Object.fromEntries([['enabled', rule.enabled], ...rule.fields.map((f) => [f.key, fieldInitial(f.key, f.kind)])])}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="enabled" label={t('alert.settings.enabled')} valuePropName="checked"><Switch data-testid="alert-setting-enabled" /></Form.Item>
        {rule.fields.map((f) => (
          <Form.Item
            key={f.key} name={f.key} label={english ? f.labelEn : f.label} valuePropName={f.kind === 'boolean' ? 'checked' : 'value'}
            tooltip={t('alert.settings.defaultIs', { value: typeof rule.defaults[f.key] === 'boolean' ? t(`alert.settings.${rule.defaults[f.key] ? 'yes' : 'no'}`) : String(rule.defaults[f.key]) })}
          >
            {f.kind === 'boolean' ? <Switch /> : f.kind === 'time' ? <TimePicker format="HH:mm" allowClear={false} /> : (
              <InputNumber min={f.min} max={f.max} step={Number.isInteger(rule.defaults[f.key]) ? 1 : 0.1} precision={f.integer ? 0 : undefined} style={{ width: '100%' }} data-testid={`alert-setting-${f.key}`} />
            )}
          </Form.Item>
        ))}
        {canSave && <Button type="primary" htmlType="submit" loading={busy} data-testid="alert-setting-save">{t('alert.settings.save')}</Button>}
      </Form>
    </Card>
  );
}

/** 预警设置 (/weigh/alert-setting): each rule of the company on or off, with its thresholds. */
export default function AlertSettingsPage() {
  const canSave = usePermissions().can(ALERT_PERMISSIONS.settings);
  const { data } = useQuery({ queryKey: ['alert', 'rules'], queryFn: fetchRuleSettings, staleTime: 0 });
  return (
    <Row gutter={[12, 12]} data-testid="alert-settings">
      {(data ?? []).map((rule) => (
        <Col key={`${rule.rule}-${rule.version}`} xs={24} lg={12} xxl={8}><RuleForm rule={rule} canSave={canSave} /></Col>
      ))}
    </Row>
  );
}
