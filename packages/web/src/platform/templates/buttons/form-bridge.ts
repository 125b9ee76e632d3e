import type { MenuButton } from '@wb/protocol';
import { feedback } from '@/platform/feedback';

/** What the create and update buttons hand to the form renderer. */
export interface OpenFormRequest {
  menuButton: MenuButton;
  base: string;
  mode: 'create' | 'update';
  id?: string;
  onSaved(): void;
}

/**
 * Until the form renderer's openTemplateForm (platform/templates/form/open-form) is available,
 * the create and update buttons say the form is not ready rather than doing nothing.
 */
export function openTemplateFormPending(request: OpenFormRequest): void {
  feedback.warning(`表单尚未就绪：${request.menuButton.label}`);
}

/** The form opener the list screen uses; switches to the form renderer's once it lands. */
export const openTemplateForm = openTemplateFormPending;
