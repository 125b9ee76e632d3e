import { useContext, useEffect } from 'react';
import { InputNumber } from 'antd';
import { calculatedValue } from '../rules/calculated';
import { ChildRowsContext } from './child-rows-context';
import type { FieldWidgetProps } from './field-props';

/**
 * CALCULATE: the field's calculate expression over the form's other fields (+ - * / and
 * parentheses, 3 decimals, division by zero 0), or the sum of a child table's column, kept
 * current as they change; not typed.
 */
export function CalculateField({ id, field, value, onChange, formValues }: FieldWidgetProps) {
  const expression = field.calculate ?? '';
  const childRows = useContext(ChildRowsContext);
  const result = expression ? calculatedValue(expression, (name) => formValues?.[name], childRows) : ((value as number | undefined) ?? null);
  useEffect(() => {
    if (expression && result !== value) onChange?.(result);
  }, [expression, result, value, onChange]);
  return <InputNumber id={id} value={result as number | null} disabled style={{ width: '100%' }} />;
}
