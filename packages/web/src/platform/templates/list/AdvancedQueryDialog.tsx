import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition } from '@wb/protocol';
import { AdvancedFields } from './AdvancedFields';
import type { AdvancedValue, AdvancedValues } from './search-body';

/** Spec section 2: the advanced-query dialog is 650 px wide. */
export const ADVANCED_DIALOG_WIDTH = 650;

interface Props {
  open: boolean;
  fields: FieldDefinition[];
  values: AdvancedValues;
  english: boolean;
  onChange(name: string, value: AdvancedValue): void;
  onSearch(): void;
  onReset(): void;
  onClose(): void;
}

export function AdvancedQueryDialog({ open, fields, values, english, onChange, onSearch, onReset, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={ADVANCED_DIALOG_WIDTH}
      title={t('listScreen.advanced')}
      onCancel={onClose}
      destroyOnHidden={false}
      footer={[
        <Button key="reset" onClick={onReset} data-testid="adv-reset">{t('listScreen.reset')}</Button>,
        <Button key="search" type="primary" onClick={onSearch} data-testid="adv-search">{t('listScreen.search')}</Button>,
      ]}
    >
      <div data-testid="advanced-dialog">
        <AdvancedFields fields={fields} values={values} english={english} onChange={onChange} />
      </div>
    </Modal>
  );
}
