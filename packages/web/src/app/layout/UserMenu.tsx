import { App, Avatar, Dropdown } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/app/session/session-store';
import { signOutManually } from '@/app/session/session-actions';

/** Avatar and real name; the dropdown offers 修改密码 and 退出登录 (with its confirmation). */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const confirmLogout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: signOutManually,
    });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'pwd', icon: <KeyOutlined />, label: <span data-testid="menu-change-password">{t('top.changePassword')}</span> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('top.logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'pwd') navigate(`/editpwd?id=${encodeURIComponent(user?.user.id ?? '')}`);
          else confirmLogout();
        },
      }}
    >
      <button type="button" className="wb-user" data-testid="user-menu">
        <Avatar size={30} icon={<UserOutlined />} className="wb-user-avatar" />
        <span className="wb-user-name" data-testid="real-name">{user?.realName ?? ''}</span>
        <DownOutlined className="wb-user-caret" />
      </button>
    </Dropdown>
  );
}
