import { DEFAULT_UPLOAD_LIMIT, ImageUpload } from '@/platform/files';
import type { FieldWidgetProps } from './field-props';
import { imageIds, imageValue } from '../rules/image-value';

/**
 * IMG_VIEW: photos of the record (vehicle, licences), stored as file ids; thumbnails 80x40. The
 * template's rows says how many it takes (1 unless more); past that the upload is refused.
 */
export function ImageField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  const limit = field.rows && field.rows > 0 ? field.rows : DEFAULT_UPLOAD_LIMIT;
  return (
    <ImageUpload id={id} ids={imageIds(value)} onChange={(ids) => onChange?.(imageValue(ids))} limit={limit} alt={field.fieldExplain} {...(disabled === undefined ? {} : { disabled })} />
  );
}
