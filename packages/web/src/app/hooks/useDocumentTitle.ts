import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle } from '@/i18n';

/** '{page}——统一称重管控平台' (English: '{page}——Unified Weighbridge Control Platform'). */
export function useDocumentTitle(page: string | null): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    document.title = documentTitle(page, i18n.language);
  }, [page, i18n.language]);
}
