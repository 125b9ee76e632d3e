import { Input } from 'antd';
import type { FieldWidgetProps } from './field-props';

/** IMG_VIEW: photos of the record (filled in once the file service is wired). */
export function ImageField({ id, value }: FieldWidgetProps) {
  return <Input id={id} disabled value={value === null || value === undefined ? '' : String(value)} />;
}
