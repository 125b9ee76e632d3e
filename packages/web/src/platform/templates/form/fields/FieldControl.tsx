import { Space } from 'antd';
import type { FieldWidgetProps } from './field-props';
import { fieldAddon, useFieldAddonForm } from '../field-addons';
import { baseSubmitType } from '../rules/submit-types';
import { isPlateField } from '../rules/plate-entry';
import {
  CheckboxesField, DefaultValueField, NumberField, RadioField, SelectField, SelectOrTextField, SwitchField, TextField,
  TextareaField, UnknownField,
} from './SimpleFields';
import { DateField } from './DateFields';
import { PlateField } from './PlateField';
import { CalculateField } from './CalculateField';
import { AutoCompleteField } from './AutoCompleteField';
import { ResourceField } from './ResourceField';
import { ImageField } from './ImageField';
import { SqlField } from './SqlField';

type Widget = (props: FieldWidgetProps) => React.ReactNode;

/** One renderer per formSubmitType (DESIGN section 4), keyed by the template's value. */
const RENDERERS: Record<string, Widget> = {
  ONE_TXT: TextField,
  MORE_TXT: TextareaField,
  TEXTAREA: TextareaField,
  TEXTAREA_SENTENCE: SqlField,
  NUMBER: NumberField,
  SELECT: SelectField,
  SELECT_MORE: (p) => <SelectField {...p} multiple />,
  SELECT_ONE_TXT: SelectOrTextField,
  SINGLE_ELECTION: RadioField,
  MULTIPLE_SELECTION: CheckboxesField,
  BOOLEAN: SwitchField,
  AUTO_COMPLETE: AutoCompleteField,
  SEARCH_AUTOMATIC: AutoCompleteField,
  RESOURCE_CONTROLS: ResourceField,
  RESOURCE_CONTROLS_MORE: (p) => <ResourceField {...p} multiple />,
  RESOURCE_CONTROLS_MORE_FOLD: (p) => <ResourceField {...p} multiple folded />,
  RESOURCE_NONE: (p) => <ResourceField {...p} none />,
  DETAIL_RESOURCE_CONTROLS: ResourceField,
  CALCULATE: CalculateField,
  DATA_BOX: DateField,
  DATA_BOX_TIM: DateField,
  DATA_RANGE_BOX: DateField,
  DATA_RANGE_BOX_TIM: DateField,
  TIME_BOX_TIM: DateField,
  TIME_RANGE_BOX: DateField,
  DEFAULT_VALUE: DefaultValueField,
  IMG_VIEW: ImageField,
};

export function widgetFor(type: string | null, fieldName: string): Widget {
  const base = baseSubmitType(type);
  if (base === 'ONE_TXT' && isPlateField(fieldName)) return PlateField;
  return RENDERERS[base] ?? UnknownField;
}

/** The widget of one field; antd's Form.Item passes value and onChange through. */
export function FieldControl(props: FieldWidgetProps) {
  const Widget = widgetFor(props.field.formSubmitType, props.field.fieldName);
  const addon = fieldAddon(props.field.classType);
  const form = useFieldAddonForm();
  if (!addon || !form) return <Widget {...props} />;
  // a page's action beside the field (field-addons.ts), joined to the input
  return (
    <Space.Compact block data-addon={props.field.classType ?? undefined}>
      <Widget {...props} disabled={props.disabled || addon.readOnly} />
      <addon.Control {...props} form={form} />
    </Space.Compact>
  );
}
