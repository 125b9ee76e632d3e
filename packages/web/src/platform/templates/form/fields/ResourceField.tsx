import { Button, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldWidgetProps } from './field-props';
import { chooseFromResource } from '../resource-bridge';

/**
 * RESOURCE_CONTROLS (and _MORE, _MORE_FOLD folded into tags, DETAIL_RESOURCE_CONTROLS): the value
 * comes from the field's popup resource; its mapping fills this and other fields of the form.
 * RESOURCE_NONE (`none`): a picker with no value of its own, only its button; the chosen row fills
 * the other fields its mapping names.
 */
export function ResourceField({ id, field, value, onChange, disabled, setFields, multiple, folded, none }: FieldWidgetProps & { multiple?: boolean; folded?: boolean; none?: boolean }) {
  const { t } = useTranslation();
  const open = async () => {
    const filled = await chooseFromResource(field, multiple === true);
    if (!filled) return;
    const { [field.fieldName]: own, ...others } = filled;
    if (own !== undefined) onChange?.(own);
    if (Object.keys(others).length) setFields?.(others);
  };
  if (none) {
    return (
      <Button id={id} icon={<SearchOutlined />} disabled={disabled} onClick={open} data-testid={`choose-${field.fieldName}`}>
        {t('templateForm.choose')}
      </Button>
    );
  }
  const list = Array.isArray(value) ? (value as unknown[]).map(String) : value === null || value === undefined || value === '' ? [] : [String(value)];
  return (
    <Space.Compact style={{ width: '100%' }}>
      {multiple ? (
        <Select
          id={id}
          mode="multiple"
          open={false}
          value={list}
          disabled={disabled}
          maxTagCount={folded ? 'responsive' : undefined}
          onChange={(v) => onChange?.(v)}
          placeholder={field.tipsMessage ?? t('templateForm.choose')}
          style={{ width: '100%' }}
        />
      ) : (
        <Input id={id} readOnly value={list[0] ?? ''} disabled={disabled} placeholder={field.tipsMessage ?? t('templateForm.choose')} onClick={disabled ? undefined : open} />
      )}
      <Button icon={<SearchOutlined />} disabled={disabled} onClick={open} aria-label={t('templateForm.choose')} />
    </Space.Compact>
  );
}
