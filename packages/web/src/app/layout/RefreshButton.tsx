import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTabs } from '@/app/session/tabs-store';
import { HeaderButton } from './HeaderButton';

/** Drops the current page's cached state and mounts it afresh. */
export function RefreshButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const refresh = useTabs((s) => s.refresh);
  return <HeaderButton title={t('top.refresh')} icon={<ReloadOutlined />} onClick={() => refresh(pathname)} testId="refresh-button" />;
}
