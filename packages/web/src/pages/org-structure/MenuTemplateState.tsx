import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import TemplateFreePage from '@/pages/template-free/TemplateFreePage';

/** What a template-driven page shows before its template is there: loading, the no-template page, or a retry. */
export function MenuTemplateState({ loading, missing, onRetry }: { loading: boolean; missing: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  if (missing) return <TemplateFreePage />;
  if (loading) return <div className="wb-card" data-testid="template-loading"><Spin /></div>;
  return <Result status="warning" title={t('templateFree.loadFailed')} extra={<a onClick={onRetry}>{t('nav.retry')}</a>} />;
}
