import { DatePicker, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import type { FieldWidgetProps } from './field-props';
import { baseSubmitType } from '../rules/submit-types';
import { displayFormat, toFormValue } from '../rules/form-values';

/** DATA_BOX, DATA_BOX_TIM, DATA_RANGE_BOX(_TIM), TIME_BOX_TIM, TIME_RANGE_BOX: the form holds dayjs values. */
export function DateField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  const type = baseSubmitType(field.formSubmitType);
  const format = displayFormat(field);
  const showTime = type === 'DATA_BOX_TIM' || type === 'DATA_RANGE_BOX_TIM';
  const common = { id, disabled, format, style: { width: '100%' } };
  // whatever reaches the picker as text (a filled value, a stale one) is read, never handed over raw
  const held = toFormValue(field, value) as Dayjs | [Dayjs, Dayjs] | null | undefined;
  switch (type) {
    case 'TIME_BOX_TIM':
      return <TimePicker {...common} value={(held as Dayjs | null) ?? null} onChange={(v) => onChange?.(v)} />;
    case 'TIME_RANGE_BOX':
      return <TimePicker.RangePicker {...common} value={(held as [Dayjs, Dayjs] | null) ?? null} onChange={(v) => onChange?.(v)} />;
    case 'DATA_RANGE_BOX':
    case 'DATA_RANGE_BOX_TIM':
      return <DatePicker.RangePicker {...common} showTime={showTime} value={(held as [Dayjs, Dayjs] | null) ?? null} onChange={(v) => onChange?.(v)} />;
    default:
      return <DatePicker {...common} showTime={showTime} value={(held as Dayjs | null) ?? null} onChange={(v) => onChange?.(v)} />;
  }
}
