import { useTranslation } from 'react-i18next';
import { isEnglish } from '@/i18n';

/** Whether the interface is in English now: template texts pick their English side by it. */
export function useEnglish(): boolean {
  return isEnglish(useTranslation().i18n.language);
}
