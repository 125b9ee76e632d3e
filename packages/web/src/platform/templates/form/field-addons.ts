import { createContext, useContext } from 'react';
import type { FieldDefinition } from '@wb/protocol';
import type { FieldWidgetProps } from './fields/field-props';
import type { Entity } from './form-api';
import type { FormMode } from './rules/layout';

/**
 * Actions a page puts beside a form field: the field's classType names the addon (a registry form's
 * IC卡号 has classType icCard, and the registry page registers its 读卡 button under that name), as
 * page:<name> buttons name their handlers in page-actions.ts. The form renders the addon next to
 * the field's widget and, after a save, lets it finish its work (write the card that was read).
 */
export interface FieldAddonProps extends FieldWidgetProps {
  /** the form's family path (documentBase of its list) and how the form was opened */
  form: FieldAddonForm;
}

export interface FieldAddonForm {
  base: string;
  mode: FormMode;
}

export interface AfterSave {
  base: string;
  mode: 'create' | 'update';
  field: FieldDefinition;
  /** the entity the save answered, and the one the form was loaded with ({} for a create) */
  saved: Entity;
  before: Entity;
}

export interface FieldAddon {
  /** rendered beside the widget, inside the field's Form.Item */
  Control: (props: FieldAddonProps) => React.ReactNode;
  /** the value comes from the addon only: the widget is read-only */
  readOnly?: boolean;
  /** after a successful save, with the dialog closed; tells the user itself how it went */
  afterSave?: (ctx: AfterSave) => Promise<void> | void;
}

const addons = new Map<string, FieldAddon>();

export function registerFieldAddon(classType: string, addon: FieldAddon): void {
  addons.set(classType, addon);
}

export const fieldAddon = (classType: string | null | undefined): FieldAddon | undefined => (classType ? addons.get(classType) : undefined);

/** Runs the after-save work of the form's fields that have an addon. */
export function afterSaveAddons(fields: FieldDefinition[], ctx: Omit<AfterSave, 'field'>): void {
  for (const field of fields) {
    const addon = fieldAddon(field.classType);
    if (addon?.afterSave) void addon.afterSave({ ...ctx, field });
  }
}

/** What the open form tells its field addons (TemplateFormDialog provides it). */
export const FieldAddonContext = createContext<FieldAddonForm | null>(null);
export const useFieldAddonForm = () => useContext(FieldAddonContext);
