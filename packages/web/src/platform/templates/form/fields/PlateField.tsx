import { Input } from 'antd';
import type { FieldWidgetProps } from './field-props';
import { enterPlate } from '../rules/plate-entry';

/** A plate is upper-cased as typed; one letter alone becomes its province (spec section 5). */
export function PlateField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  return (
    <Input
      id={id}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange?.(enterPlate(e.target.value))}
      disabled={disabled}
      placeholder={field.tipsMessage ?? undefined}
      allowClear={!disabled}
      maxLength={12}
    />
  );
}
