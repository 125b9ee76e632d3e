import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { useSession } from '@/app/session/session-store';

export type ErrorStatus = 401 | 403 | 404 | 500;

export function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.accessToken));
  useDocumentTitle(String(status));
  const needsSignIn = status === 401 || !signedIn;
  return (
    <div className="wb-error-page" data-testid={`error-${status}`}>
      <Result
        status={status === 401 ? 403 : status}
        title={t(`errors.${status}.title`)}
        subTitle={t(`errors.${status}.text`)}
        extra={
          <Button type="primary" onClick={() => navigate(needsSignIn ? '/login' : '/', { replace: true })}>
            {needsSignIn ? t('login.submit') : t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
