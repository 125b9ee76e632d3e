import { Button, Result } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';

/**
 * Accounts and passwords are granted by administrators (the server offers no self-service), so
 * these public pages say whom to ask instead of showing a form that could not work.
 */
export function AccountNotice({ topic }: { topic: 'forgetpwd' | 'register' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`${topic}.title`));
  return (
    <div className="wb-error-page">
      <Result
        icon={<InfoCircleOutlined />}
        title={t(`${topic}.title`)}
        subTitle={t(`${topic}.text`)}
        extra={
          <Link to="/login">
            <Button type="primary">{t('common.back')}</Button>
          </Link>
        }
      />
    </div>
  );
}
