import { useState } from 'react';
import { Button, Form } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import i18n from 'i18next';
import { isEnglish } from '@/i18n';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { CardReaderError, readCard, writeCard } from '@/platform/card-reader/bridge-client';
import { registerFieldAddon, type AfterSave, type FieldAddonProps } from '@/platform/templates/form/field-addons';
import { bindableCard } from './api';
import { textsFor, useRegistryTexts } from './texts';

/**
 * 读卡 beside a registry form's IC卡号 (server registry/templates.ts: classType icCard). The card on
 * the reader is read through the bridge, the server says whether it may be bound here (a card
 * another open trip holds is refused with its words), and the form takes its number and id; the
 * save binds it. After the save the registry number and plate are written onto the card (写卡).
 */
export const CARD_FIELD = 'icCard';
const CARD_ID = 'icCardId';

const problemOf = (err: unknown) => (err instanceof CardReaderError || err instanceof ApiError ? err.message : null);

function ReadCardButton({ field, setFields, formValues, disabled, value, form }: FieldAddonProps) {
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

/**
 * 写卡 after a save that bound a card the form read (a card kept from before is not rewritten). The
 * card on the reader is read first: only the bound card is written.
 */
async function writeAfterSave({ base, saved, before }: AfterSave): Promise<void> {
  const t = textsFor(isEnglish(i18n.language));
  const cardId = saved[CARD_ID] == null ? null : String(saved[CARD_ID]);
  if (!cardId || cardId === (before[CARD_ID] == null ? null : String(before[CARD_ID]))) return;
  const code = String(saved.registryNo ?? '');
  const cardNo = String(saved.cardNo ?? '');
  try {
    const onReader = await readCard();
    const bindable = await bindableCard(base, onReader.uid, code);
    if (bindable.cardId !== cardId) return feedback.warning(t('otherCardOnReader', { code, card: cardNo }));
    await writeCard([code, String(saved.plateNumber ?? '')]);
    feedback.success(t('written', { card: cardNo, code }));
  } catch (err) {
    const problem = problemOf(err);
    if (problem === null) throw err;
    feedback.warning(t('savedNotWritten', { code, message: problem }));
  }
}

registerFieldAddon(CARD_FIELD, { Control: ReadCardButton, readOnly: true, afterSave: writeAfterSave });
