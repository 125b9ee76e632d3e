import { Checkbox, Input, InputNumber, Radio, Select, Switch, Tooltip } from 'antd';
import { amountInWords, moneyFormatted } from '@wb/protocol';
import { displayKindOf } from '../../../display/format';
import { useDisplay } from '../../../display/useDisplay';
import { isCurrencyField } from '../rules/field-checks';
import { toFormValue } from '../rules/form-values';
import type { FieldWidgetProps } from './field-props';
import { textareaRows } from './field-props';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '@/i18n/useEnglish';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function TextField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  return <Input id={id} value={str(value)} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} placeholder={field.tipsMessage ?? undefined} allowClear={!disabled} />;
}

export function TextareaField({ id, field, value, onChange, disabled, sql }: FieldWidgetProps & { sql?: boolean }) {
  return (
    <Input.TextArea
      id={id}
      value={str(value)}
      onChange={(e) => onChange?.(e.target.value)}
      disabled={disabled}
      rows={sql ? 4 : textareaRows(field.rows)}
      placeholder={field.tipsMessage ?? undefined}
      className={sql ? 'wb-form-sql' : undefined}
      spellCheck={!sql}
    />
  );
}

export function NumberField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  const display = useDisplay();
  const kind = displayKindOf(field);
  // a read-only amount or price reads as money (¥1,214.10); a typed one stays the plain number typed
  const readAsMoney = disabled && (kind === 'money' || kind === 'unitPrice') ? kind : null;
  const input = (
    <InputNumber
      id={id}
      value={value === '' || value === null || value === undefined ? null : (value as number | string)}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      formatter={readAsMoney ? (v) => (v === undefined || v === null || v === '' ? '' : display.byKind(readAsMoney, v) || String(v)) : undefined}
      placeholder={field.tipsMessage ?? undefined}
      style={{ width: '100%' }}
    />
  );
  // an amount shows itself as money (¥12,345.60, spec section 2: the receipt's taxAmout) and in
  // words (大写金额) as the user types, as invoices and cheques write it; a unit price or a weight
  // shows itself in the plant's format
  if (!isCurrencyField(field)) return <FigureTip field={field} value={value}>{input}</FigureTip>;
  const money = moneyFormatted(value);
  const title = money === null ? undefined : (
    <span data-testid="money-tooltip"><span className="wb-money-figure">{money}</span><br />{amountInWords(value)}</span>
  );
  return <Tooltip title={title} placement="topLeft">{input}</Tooltip>;
}

function FigureTip({ field, value, children }: Pick<FieldWidgetProps, 'field' | 'value'> & { children: React.ReactElement }) {
  const display = useDisplay();
  const kind = displayKindOf(field);
  const text = kind && kind !== 'money' && value !== null && value !== undefined && value !== '' ? display.byKind(kind, value) : '';
  if (!kind || kind === 'money') return children;
  const shown = kind === 'weight' && text ? `${text} ${display.unitLabel}` : text;
  return <Tooltip title={shown ? <span data-testid="figure-tooltip">{shown}</span> : undefined} placement="topLeft">{children}</Tooltip>;
}

export function SelectField({ id, field, value, onChange, disabled, multiple }: FieldWidgetProps & { multiple?: boolean }) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      value={value as never}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={field.tipsMessage ?? t('templateForm.choose')}
      options={field.options.map((o) => ({ value: o.value as string | number, label: o.label, disabled: o.disabled }))}
    />
  );
}

/** SELECT_ONE_TXT: pick one of the options or type a value of one's own; the field holds one value. */
export function SelectOrTextField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  const { t } = useTranslation();
  const held = value === null || value === undefined || value === '' ? [] : [String(value)];
  return (
    <Select
      id={id}
      value={held}
      // tags mode answers a list: the newest choice is the value
      onChange={(v: string[]) => onChange?.(v.length ? v[v.length - 1] : null)}
      disabled={disabled}
      mode="tags"
      allowClear
      placeholder={field.tipsMessage ?? t('templateForm.chooseOrType')}
      options={field.options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
    />
  );
}

export function RadioField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  return (
    <Radio.Group id={id} value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled}>
      {field.options.map((o) => (
        <Radio key={String(o.value)} value={o.value} disabled={o.disabled}>{o.label}</Radio>
      ))}
    </Radio.Group>
  );
}

/**
 * MULTIPLE_SELECTION: a checkbox per option; the ticked ones are the field's list. A stored comma
 * text ('sa,al') or a figure stored as text reads as the options it names, as a loaded form's do.
 */
export function CheckboxesField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  return (
    <span id={id}>
    <Checkbox.Group
      value={toFormValue(field, value) as (string | number | boolean)[]}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      options={field.options.map((o) => ({ value: o.value as string | number, label: o.label, disabled: o.disabled }))}
    />
    </span>
  );
}

export function SwitchField({ id, field, value, onChange, disabled }: FieldWidgetProps) {
  const { t } = useTranslation();
  const english = useEnglish();
  // the template's labels are Chinese; in English the switch says Yes and No
  const label = (v: boolean) => (english ? undefined : field.options.find((o) => o.value === v)?.label);
  const on = label(true) ?? t('templateForm.yes');
  const off = label(false) ?? t('templateForm.no');
  return <Switch id={id} checked={value === true} onChange={(v) => onChange?.(v)} disabled={disabled} checkedChildren={on} unCheckedChildren={off} />;
}

/** DEFAULT_VALUE: filled from the default (a macro such as the current user), shown, not typed. */
export function DefaultValueField({ id, value }: FieldWidgetProps) {
  return <Input id={id} value={str(value)} disabled />;
}

/** A formSubmitType this web does not know: said plainly in the form, not a broken screen. */
export function UnknownField({ id, field }: FieldWidgetProps) {
  const { t } = useTranslation();
  return <Input id={id} disabled value={t('templateForm.unknownType', { type: field.formSubmitType ?? '' })} data-unknown-type={field.formSubmitType ?? ''} />;
}
