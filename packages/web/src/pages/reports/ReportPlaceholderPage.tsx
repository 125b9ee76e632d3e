import { Button, Result } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { langOf } from '@/i18n';
import { REPORT_NAMES } from './report-names';

/**
 * PLACEHOLDER: the five layout-less report screens are built with the report centre. Until then
 * this page names the report and says it is not configured yet; it shows no figures.
 */
export default function ReportPlaceholderPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const name = REPORT_NAMES[pathname]?.[langOf(i18n.language)] ?? pathname;
  useDocumentTitle(name);
  return (
    <div className="wb-error-page" data-testid="report-placeholder">
      <Result
        icon={<BarChartOutlined />}
        title={t('report.notConfigured')}
        subTitle={t('report.text', { name })}
        extra={<Button type="primary" onClick={() => navigate('/')}>{t('common.backHome')}</Button>}
      />
    </div>
  );
}
