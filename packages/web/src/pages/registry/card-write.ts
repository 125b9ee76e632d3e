import i18n from 'i18next';
import { isEnglish } from '@/i18n';
import { feedback } from '@/platform/feedback';
import { readCard, writeCard } from '@/platform/card-reader/bridge-client';
import type { AfterSave } from '@/platform/templates/form/field-addons';
import { bindableCard } from './api';
import { CARD_ID, problemOf } from './card-binding';
import { textsFor } from './texts';

/**
 * 写卡 after a save that bound a card the form read (a card kept from before is not rewritten). The
 * card on the reader is read first: only the bound card is written.
 */
export async function writeAfterSave({ base, saved, before }: AfterSave): Promise<void> {
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
