import { useEffect } from 'react';
import { InputNumber } from 'antd';
import { evaluateExpression } from '@wb/protocol';
import type { FieldWidgetProps } from './field-props';

/**
 * CALCULATE: the field's calculate expression over the form's other fields (+ - * / and
 * parentheses, 3 decimals, division by zero 0), kept current as they change; not typed.
 */
export function CalculateField({ id, field, value, onChange, formValues }: FieldWidgetProps) {
  const expression = field.calculate ?? '';
  const result = expression ? evaluateExpression(expression, (name) => formValues?.[name]) : ((value as number | undefined) ?? null);
  useEffect(() => {
    if (expression && result !== value) onChange?.(result);
  }, [expression, result, value, onChange]);
  return <InputNumber id={id} value={result as number | null} disabled style={{ width: '100%' }} />;
}
