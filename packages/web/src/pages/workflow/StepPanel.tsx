import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONDITION_OPS, type ConditionOp, type FlowCondition, type FlowStep, type WorkflowDocField, type WorkflowOptions } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { conditionText, conditionValue } from './step-rules';

interface Props {
  step: FlowStep;
  fields: WorkflowDocField[];
  options: WorkflowOptions | undefined;
  readOnly: boolean;
  onChange(step: FlowStep): void;
  onRemove(): void;
}

const OP_LABELS: Record<ConditionOp, string> = { '>=': '≥', '<=': '≤', '=': '=', in: '∈' };

/** The chosen step's settings beside the diagram: name, approvers, 或签/会签, reject target, condition. */
export function StepPanel({ step, fields, options, readOnly, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const english = useEnglish();
  const set = (patch: Partial<FlowStep>) => onChange({ ...step, ...patch });
  const conditionFields = fields.filter((f) => f.condition);
  const fieldName = (f: WorkflowDocField) => (english && f.nameEn ? f.nameEn : f.name);
  const condition = step.condition ?? null;
  const setConditions = (conditions: FlowCondition[]) => set({ condition: { effect: condition?.effect ?? 'skip', conditions } });
  const firstField = conditionFields[0];
  const blankCondition = (): FlowCondition => ({ field: firstField?.key ?? '', op: '>=', value: '' });

  return (
    <Card size="small" title={t('workflow.step.title')} className="wb-workflow-step-panel" data-testid="step-panel"
      extra={!readOnly && <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="step-remove">{t('workflow.step.remove')}</Button>}
    >
      <Form layout="vertical" size="small" disabled={readOnly}>
        <Form.Item label={t('workflow.step.name')} required>
          <Input value={step.name} maxLength={60} onChange={(e) => set({ name: e.target.value })} data-testid="step-name" />
        </Form.Item>
        <Form.Item label={t('workflow.step.nameEn')}>
          <Input value={step.nameEn ?? ''} maxLength={60} onChange={(e) => set({ nameEn: e.target.value || null })} data-testid="step-name-en" />
        </Form.Item>
        <Form.Item label={t('workflow.step.approvers')} required>
          <Radio.Group
            value={step.approvers.kind}
            onChange={(e) => {
              const kind = e.target.value as FlowStep['approvers']['kind'];
              if (kind === 'users') set({ approvers: { kind, userIds: [] } });
              else if (kind === 'role') set({ approvers: { kind, roleId: options?.roles[0]?.id ?? '' } });
              else set({ approvers: { kind } });
            }}
            data-testid="step-approver-kind"
          >
            <Radio value="users">{t('workflow.step.users')}</Radio>
            <Radio value="role">{t('workflow.step.role')}</Radio>
            <Radio value="deptHead">{t('workflow.step.deptHead')}</Radio>
          </Radio.Group>
        </Form.Item>
        {step.approvers.kind === 'users' && (
          <Form.Item>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              placeholder={t('workflow.step.chooseUsers')}
              value={step.approvers.userIds}
              options={options?.users.map((u) => ({ value: u.id, label: `${u.name} (${u.username})` }))}
              onChange={(userIds: string[]) => set({ approvers: { kind: 'users', userIds } })}
              data-testid="step-users"
            />
          </Form.Item>
        )}
        {step.approvers.kind === 'role' && (
          <Form.Item>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('workflow.step.chooseRole')}
              value={step.approvers.roleId || undefined}
              options={options?.roles.map((r) => ({ value: r.id, label: r.name }))}
              onChange={(roleId: string) => set({ approvers: { kind: 'role', roleId } })}
              data-testid="step-role"
            />
          </Form.Item>
        )}
        <Form.Item label={t('workflow.step.mode')}>
          <Radio.Group value={step.mode} onChange={(e) => set({ mode: e.target.value as FlowStep['mode'] })} data-testid="step-mode">
            <Radio value="any">{t('workflow.step.any')}</Radio>
            <Radio value="all">{t('workflow.step.all')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('workflow.step.rejectTo')}>
          <Radio.Group value={step.rejectTo} onChange={(e) => set({ rejectTo: e.target.value as FlowStep['rejectTo'] })} data-testid="step-reject-to">
            <Radio value="initiator">{t('workflow.step.initiator')}</Radio>
            <Radio value="previous">{t('workflow.step.previous')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('workflow.step.remindAfter')}>
          <InputNumber min={1} max={720} precision={0} value={step.remindAfterHours ?? null} onChange={(v) => set({ remindAfterHours: v ?? null })} />
        </Form.Item>
        <Form.Item label={t('workflow.step.condition')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Switch
              checked={condition !== null}
              disabled={readOnly || !firstField}
              checkedChildren={t('workflow.step.useCondition')}
              unCheckedChildren={t('workflow.step.useCondition')}
              onChange={(on) => set({ condition: on ? { effect: 'skip', conditions: [blankCondition()] } : null })}
              data-testid="step-condition"
            />
            {condition && (
              <>
                <Radio.Group value={condition.effect} onChange={(e) => set({ condition: { ...condition, effect: e.target.value as 'skip' | 'require' } })}>
                  <Radio value="skip">{t('workflow.step.skip')}</Radio>
                  <Radio value="require">{t('workflow.step.require')}</Radio>
                </Radio.Group>
                {condition.conditions.map((c, i) => {
                  const field = fields.find((f) => f.key === c.field);
                  const change = (patch: Partial<FlowCondition>) => setConditions(condition.conditions.map((x, j) => (j === i ? { ...x, ...patch } : x)));
                  return (
                    <Space.Compact key={i} block>
                      <Select
                        style={{ width: '40%' }}
                        value={c.field || undefined}
                        placeholder={t('workflow.step.field')}
                        options={conditionFields.map((f) => ({ value: f.key, label: fieldName(f) }))}
                        onChange={(key: string) => change({ field: key, value: '' })}
                      />
                      <Select style={{ width: '20%' }} value={c.op} options={CONDITION_OPS.map((op) => ({ value: op, label: OP_LABELS[op] }))} onChange={(op: ConditionOp) => change({ op })} />
                      <ConditionInput
                        key={`${c.field}-${c.op}`}
                        condition={c}
                        type={field?.type ?? 'text'}
                        suffix={field?.type === 'money' ? t('workflow.step.yuan') : undefined}
                        placeholder={c.op === 'in' ? t('workflow.step.inHint') : t('workflow.step.value')}
                        onValue={(value) => change({ value })}
                      />
                      <Button icon={<MinusCircleOutlined />} disabled={condition.conditions.length <= 1} onClick={() => setConditions(condition.conditions.filter((_, j) => j !== i))} />
                    </Space.Compact>
                  );
                })}
                <Button size="small" icon={<PlusOutlined />} onClick={() => setConditions([...condition.conditions, blankCondition()])}>{t('workflow.step.addCondition')}</Button>
              </>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** A condition's value as typed; what the flow keeps is the parsed value (cents for money), set while it reads. */
function ConditionInput({ condition, type, suffix, placeholder, onValue }: {
  condition: FlowCondition; type: WorkflowDocField['type']; suffix?: string; placeholder: string; onValue(value: FlowCondition['value']): void;
}) {
  const [text, setText] = useState(() => conditionText(condition.value, type));
  return (
    <Input
      style={{ width: '40%' }}
      value={text}
      suffix={suffix}
      placeholder={placeholder}
      status={text && conditionValue(text, condition.op, type) === null ? 'error' : undefined}
      onChange={(e) => {
        setText(e.target.value);
        const value = conditionValue(e.target.value, condition.op, type);
        onValue(value ?? '');
      }}
    />
  );
}
