import { useState } from 'react';
import { Button, Form } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { feedback } from '@/platform/feedback';
import { readCard } from '@/platform/card-reader/bridge-client';
import type { FieldAddonProps } from '@/platform/templates/form/field-addons';
import { bindableCard } from './api';
import { CARD_ID, problemOf } from './card-binding';
import { useRegistryTexts } from './texts';

/**
 * 读卡 beside a registry form's IC卡号 (registered in card-field.tsx). The card on the reader is read
 * through the bridge, the server says whether it may be bound here (a card another open trip holds
 * is refused with its words), and the form takes its number and id; the save binds it.
 */
export default function ReadCardButton({ field, setFields, formValues, disabled, value, form }: FieldAddonProps) {
  const t = useRegistryTexts();
  const antForm = Form.useFormInstance();
  const [busy, setBusy] = useState(false);
  const refuse = (message: string) => antForm.setFields([{ name: field.fieldName, errors: [message] }]);
  const read = async () => {
    setBusy(true);
    try {
      const card = await readCard();
      const registryNo = typeof formValues?.registryNo === 'string' ? formValues.registryNo : undefined;
      const bindable = await bindableCard(form.base, card.uid, form.mode === 'create' ? undefined : registryNo);
      setFields?.({ [field.fieldName]: bindable.cardNo, [CARD_ID]: bindable.cardId });
      antForm.setFields([{ name: field.fieldName, errors: [] }]);
      feedback.success(t('cardRead', { card: bindable.cardNo }));
    } catch (err) {
      const problem = problemOf(err);
      if (problem === null) throw err;
      refuse(problem);
    } finally {
      setBusy(false);
    }
  };
  const clear = () => setFields?.({ [field.fieldName]: null, [CARD_ID]: null });
  return (
    <>
      {value ? <Button icon={<CloseOutlined />} title={t('clearCard')} aria-label={t('clearCard')} disabled={disabled || busy} onClick={clear} data-action="card-clear" /> : null}
      <Button type="primary" ghost loading={busy} disabled={disabled} onClick={() => void read()} data-action="card-read">{t('readCard')}</Button>
    </>
  );
}
