import { useState } from 'react';
import { App, Button, Input, Modal, Radio, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '@/platform/feedback';
import { CALC_MESSAGES, CALC_OPERATORS, newStep, removeSteps, submitCalculation, type Calculation, type CalcStep } from './calculation';

export interface CalculationDialogProps {
  open: boolean;
  /** operands the expression may use: the form's numeric fields */
  operands: { value: string; label: string }[];
  /** tables a sum may run over, with their numeric fields */
  tables: { value: string; label: string; fields: { value: string; label: string }[] }[];
  initial?: Calculation;
  onSubmit(formula: string, calc: Calculation): void;
  onCancel(): void;
}

/** The calculation dialog: set-up 计算方式, footer 提 交 / 添 加 / 删 除 / 清 空 / 取 消. */
export function CalculationDialog({ open, operands, tables, initial, onSubmit, onCancel }: CalculationDialogProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [mode, setMode] = useState<Calculation['mode']>(initial?.mode ?? 'expression');
  const [steps, setSteps] = useState<CalcStep[]>(initial?.mode === 'expression' ? initial.steps : []);
  const [table, setTable] = useState<string | null>(initial?.mode === 'sum' ? initial.table : null);
  const [field, setField] = useState<string | null>(initial?.mode === 'sum' ? initial.field : null);
  const [selected, setSelected] = useState<string[]>([]);
  const calc: Calculation = mode === 'sum' ? { mode, table, field } : { mode, steps };

  const setStep = (key: string, value: string) => setSteps((s) => s.map((x) => (x.key === key ? { ...x, value } : x)));
  const add = () => {
    // operands and operators alternate, so a new step is the kind the expression needs next
    const last = steps.at(-1);
    setSteps([...steps, newStep(last?.kind === 'operand' ? 'operator' : 'operand')]);
  };
  const remove = () => {
    if (selected.length === 0) return feedback.warning(CALC_MESSAGES.selectOne);
    setSteps(removeSteps(steps, selected));
    setSelected([]);
  };
  const clear = async () => {
    const ok = await modal.confirm({ title: t('common.tip'), content: CALC_MESSAGES.clearConfirm, type: 'warning', okText: '确定', cancelText: '取消' });
    if (!ok) {
      message.info(CALC_MESSAGES.clearCancelled);
      return;
    }
    setSteps([]);
    setTable(null);
    setField(null);
    setSelected([]);
    message.success(CALC_MESSAGES.cleared);
  };
  const submit = () => {
    const result = submitCalculation(calc);
    if ('problem' in result) return feedback.warning(result.problem);
    onSubmit(result.formula, calc);
  };

  const fieldsOfTable = tables.find((x) => x.value === table)?.fields ?? [];
  return (
    <Modal
      open={open}
      title="计算方式"
      width="50%"
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="submit" type="primary" onClick={submit}>提 交</Button>,
        <Button key="add" onClick={add} disabled={mode !== 'expression'}>添 加</Button>,
        <Button key="delete" onClick={remove} disabled={mode !== 'expression'}>删 除</Button>,
        <Button key="clear" onClick={() => void clear()}>清 空</Button>,
        <Button key="cancel" onClick={onCancel}>取 消</Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
          <Radio value="expression">{t('templateForm.calc.expression')}</Radio>
          <Radio value="sum">{t('templateForm.calc.sum')}</Radio>
        </Radio.Group>
        {mode === 'sum' ? (
          <Space wrap>
            <Select placeholder={t('templateForm.calc.table')} value={table} onChange={(v) => { setTable(v); setField(null); }} options={tables.map(({ value, label }) => ({ value, label }))} style={{ minWidth: 200 }} allowClear />
            <Select placeholder={t('templateForm.calc.field')} value={field} onChange={setField} options={fieldsOfTable} style={{ minWidth: 200 }} allowClear disabled={!table} />
          </Space>
        ) : (
          <Table<CalcStep>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={steps}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            columns={[
              { title: '序号', key: 'i', width: 60, render: (_v, _r, i) => i + 1 },
              {
                title: t('templateForm.calc.step'),
                key: 'value',
                render: (_v, step) =>
                  step.kind === 'operator' ? (
                    <Select size="small" value={step.value || undefined} onChange={(v) => setStep(step.key, v)} options={CALC_OPERATORS.map((o) => ({ value: o, label: o }))} style={{ width: 100 }} />
                  ) : (
                    <Select
                      size="small"
                      showSearch
                      value={step.value || undefined}
                      onChange={(v) => setStep(step.key, v)}
                      options={operands}
                      style={{ width: 220 }}
                      popupRender={(menu) => (
                        <>
                          {menu}
                          <Input size="small" placeholder={t('templateForm.calc.number')} onPressEnter={(e) => setStep(step.key, (e.target as HTMLInputElement).value)} />
                        </>
                      )}
                    />
                  ),
              },
              {
                title: t('templateForm.calc.kind'),
                key: 'kind',
                width: 120,
                render: (_v, step) => (
                  <Select size="small" value={step.kind} onChange={(kind) => setSteps((s) => s.map((x) => (x.key === step.key ? { ...x, kind, value: '' } : x)))} options={[{ value: 'operand', label: t('templateForm.calc.operand') }, { value: 'operator', label: t('templateForm.calc.operator') }]} />
                ),
              },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
