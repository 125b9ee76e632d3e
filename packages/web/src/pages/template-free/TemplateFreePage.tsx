import { useContext } from 'react';
import { Result } from 'antd';
import { FileUnknownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '@/i18n/useEnglish';
import { PageContext } from '@/app/layout/page-context';

/** The page of a menu with no template (or whose component failed to load). */
export default function TemplateFreePage() {
  const { t } = useTranslation();
  const english = useEnglish();
  const info = useContext(PageContext);
  const name = info ? (english && info.page.labelEn ? info.page.labelEn : info.page.label) : t('nav.templateFree');
  return (
    <div className="wb-card wb-template-free" data-testid="template-free">
      <Result icon={<FileUnknownOutlined />} title={t('templateFree.title')} subTitle={t('templateFree.text', { name })} />
    </div>
  );
}
