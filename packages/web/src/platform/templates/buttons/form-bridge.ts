import type { OpenTemplateFormOptions } from '@/platform/templates/form/open-form';

/** What the create and update buttons hand to the form renderer (its openTemplateForm). */
export type OpenFormRequest = OpenTemplateFormOptions;
