import type { FieldDefinition } from '@wb/protocol';
import { openResourcePopup } from '../popups/resource-popup-store';

/**
 * Opens the field's resource popup (the list screen's popup: it says 暂无配置的弹窗资源模板，请配置！
 * when the field has none) and answers the form values its mapping fills (fieldSub1 of the form
 * <- fieldSub2 of the chosen rows), or null when cancelled.
 */
export async function chooseFromResource(field: FieldDefinition, multiple: boolean): Promise<Record<string, unknown> | null> {
  const choice = await openResourcePopup({
    cgFormatResId: field.cgFormatResId,
    resFormatSubId: field.id,
    multiple,
  });
  if (!choice) return null;
  const values = { ...choice.values };
  // a multi-choice field holds its values as a list in the form
  if (multiple && typeof values[field.fieldName] === 'string') values[field.fieldName] = String(values[field.fieldName]).split(',');
  return values;
}
