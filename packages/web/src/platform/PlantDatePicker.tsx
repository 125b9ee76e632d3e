import { DatePicker } from 'antd';
import type { CSSProperties } from 'react';
import { DATE_FORMAT, DATE_TIME_FORMAT, fromPicker, toPicker } from './plant-time';

export interface PlantDatePickerProps {
  /** the plant's day (yyyy-MM-dd) or day and time (yyyy-MM-dd HH:mm:ss), or an instant the server sent */
  value?: string | null;
  /** the plant text the server takes, null when cleared */
  onChange?: (value: string | null) => void;
  /** with a time of day (yyyy-MM-dd HH:mm:ss) rather than a day */
  withTime?: boolean;
  allowClear?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
}

/**
 * The date picker every dialog uses (antd's, as in the forms and filters), bound to the plant's
 * clock: it takes and gives the plant's text (yyyy-MM-dd, or with HH:mm:ss), so it fits a Form.Item
 * whose value goes to the server as typed, whatever zone the browser is in.
 */
export function PlantDatePicker({ value, onChange, withTime = false, allowClear = false, disabled, placeholder, style, id, ...rest }: PlantDatePickerProps) {
  const format = withTime ? DATE_TIME_FORMAT : DATE_FORMAT;
  return (
    <DatePicker
      id={id}
      data-testid={rest['data-testid']}
      value={toPicker(value)}
      format={format}
      showTime={withTime}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder ?? format.toLowerCase().replace('hh', 'HH')}
      style={{ width: withTime ? 190 : 150, ...style }}
      onChange={(d) => onChange?.(fromPicker(d, format))}
    />
  );
}
