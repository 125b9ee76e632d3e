import { memo } from 'react';
import { DatePicker, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '@wb/protocol';
import { DATE_FORMAT, DATE_TIME_FORMAT, fromPicker, toPicker } from '@/platform/plant-time';
import { isDayRange } from './advanced-defaults';
import { fieldLabel, withOptionLabels } from './field-label';
import type { AdvancedValue, AdvancedValues } from './search-body';

interface Props {
  fields: FieldDefinition[];
  values: AdvancedValues;
  english: boolean;
  onChange(name: string, value: AdvancedValue): void;
}

function TextInput({ field, value, onChange }: { field: FieldDefinition; value: Extract<AdvancedValue, { kind: 'text' }>; onChange: Props['onChange'] }) {
  const { t } = useTranslation();
  // a number cannot be "contained": equals is its only useful choice
  const likeAllowed = field.fieldType !== 'NUMBER';
  return (
    <Space.Compact block>
      <Select
        style={{ width: 110 }}
        value={likeAllowed ? value.op : 'eq'}
        disabled={!likeAllowed}
        options={[{ value: 'like', label: t('listScreen.like') }, { value: 'eq', label: t('listScreen.eq') }]}
        onChange={(op) => onChange(field.fieldName, { ...value, op })}
      />
      <Input allowClear value={value.value} onChange={(e) => onChange(field.fieldName, { ...value, value: e.target.value })} />
    </Space.Compact>
  );
}

function ChoiceInput({ field, value, onChange }: { field: FieldDefinition; value: Extract<AdvancedValue, { kind: 'choice' }>; onChange: Props['onChange'] }) {
  const { t } = useTranslation();
  const options = field.options.length
    ? field.options.map((o) => ({ value: String(o.value), label: o.label }))
    : [{ value: 'true', label: t('listScreen.yes') }, { value: 'false', label: t('listScreen.no') }];
  return (
    <Select
      allowClear
      style={{ width: '100%' }}
      placeholder={`${t('listScreen.eq')}…`}
      value={value.value === undefined || value.value === null ? undefined : String(value.value)}
      options={options}
      onChange={(v) => onChange(field.fieldName, { kind: 'choice', value: v })}
    />
  );
}

function RangeInput({ field, value, onChange }: { field: FieldDefinition; value: Extract<AdvancedValue, { kind: 'range' }>; onChange: Props['onChange'] }) {
  const { t } = useTranslation();
  const format = isDayRange(field) ? DATE_FORMAT : DATE_TIME_FORMAT;
  return (
    <DatePicker.RangePicker
      showTime={!isDayRange(field)}
      allowEmpty={[true, true]}
      style={{ width: '100%' }}
      format={format}
      placeholder={[t('listScreen.from'), t('listScreen.to')]}
      value={[toPicker(value.from), toPicker(value.to)]}
      onChange={(range) =>
        onChange(field.fieldName, { kind: 'range', from: fromPicker(range?.[0], format), to: fromPicker(range?.[1], format) })
      }
    />
  );
}

/** One input per iallowAdvanceQuery field: text with an operator, a choice (equals only), or a time range. */
export const AdvancedFields = memo(function AdvancedFields({ fields, values, english, onChange }: Props) {
  return (
    <div className="wb-adv-fields">
      {fields.map((f) => {
        const value = values[f.fieldName];
        if (!value) return null;
        return (
          <div key={f.fieldName} className="wb-adv-field" data-testid={`adv-${f.fieldName}`}>
            <span className="wb-adv-label">{fieldLabel(f, english)}</span>
            {value.kind === 'text' && <TextInput field={f} value={value} onChange={onChange} />}
            {value.kind === 'choice' && <ChoiceInput field={withOptionLabels(f, english)} value={value} onChange={onChange} />}
            {value.kind === 'range' && <RangeInput field={f} value={value} onChange={onChange} />}
          </div>
        );
      })}
    </div>
  );
});
