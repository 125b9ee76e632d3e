import { useTranslation } from 'react-i18next';
import { isEnglish } from '@/i18n';

export function useEnglish(): boolean {
  return isEnglish(useTranslation().i18n.language);
}
