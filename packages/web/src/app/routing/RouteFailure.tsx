import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { logClientError } from '@/app/session/client-log-store';
import { useEffect } from 'react';

/** A route that could not load (a chunk missing after a new release, a render error). */
export function RouteFailure() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => logClientError('render', error), [error]);
  return (
    <Result
      status="500"
      title={t('errors.500.title')}
      subTitle={t('errors.500.text')}
      extra={<Button type="primary" onClick={() => window.location.assign('/')}>{t('common.backHome')}</Button>}
    />
  );
}
