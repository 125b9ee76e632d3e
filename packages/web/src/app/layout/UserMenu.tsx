import { useRef } from 'react';
import { App, Dropdown } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@/app/session/session-store';
import { signOutManually } from '@/app/session/session-actions';
import { uploadAvatar } from '@/platform/branding/branding-api';
import { UserAvatar } from '@/platform/branding/UserAvatar';
import { feedback } from '@/platform/feedback';

/** Avatar and real name; the dropdown offers 更换头像, 修改密码 and 退出登录 (with its confirmation). */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const setUserInfo = useSession((s) => s.setUserInfo);
  const picker = useRef<HTMLInputElement>(null);
  // the server crops and resizes it; the new name is the user's avatar from now on
  const changeAvatar = async (file: File | undefined) => {
    if (!file || !user) return;
    const { avatar } = await uploadAvatar(file);
    const now = useSession.getState().userInfo ?? user;
    setUserInfo({ ...now, avatar, user: { ...now.user, avatar } });
    feedback.success(t('brand.avatarUpdated'));
  };
  const confirmLogout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: signOutManually,
    });
  return (
    <>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="avatar-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void changeAvatar(file).catch(() => undefined);
        }}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'avatar', icon: <PictureOutlined />, label: <span data-testid="menu-change-avatar">{t('brand.changeAvatar')}</span> },
            { key: 'pwd', icon: <KeyOutlined />, label: <span data-testid="menu-change-password">{t('top.changePassword')}</span> },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="menu-logout">{t('top.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'avatar') picker.current?.click();
            else if (key === 'pwd') navigate(`/editpwd?id=${encodeURIComponent(user?.user.id ?? '')}`);
            else confirmLogout();
          },
        }}
      >
        <button type="button" className="wb-user" data-testid="user-menu">
          <UserAvatar name={user?.avatar} size={30} className="wb-user-avatar" />
          <span className="wb-user-name" data-testid="real-name">{user?.realName ?? ''}</span>
          <DownOutlined className="wb-user-caret" />
        </button>
      </Dropdown>
    </>
  );
}
