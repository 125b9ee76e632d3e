import { App } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lockScreen } from '@/app/session/session-actions';
import { HeaderButton } from './HeaderButton';

export function LockButton() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const confirm = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.lockConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: lockScreen,
    });
  return <HeaderButton title={t('top.lock')} icon={<LockOutlined />} onClick={confirm} testId="lock-button" />;
}
