import { useState } from 'react';
import { Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@wb/protocol';
import { useSettings } from '@/app/session/settings-store';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { ClientLogButton } from './ClientLogButton';
import { CompanySwitcher } from './CompanySwitcher';
import { FullscreenButton } from './FullscreenButton';
import { HeaderButton } from './HeaderButton';
import { LanguageSwitch } from './LanguageSwitch';
import { LockButton } from './LockButton';
import { MenuSearch } from './MenuSearch';
import { RefreshButton } from './RefreshButton';
import { ThemeColorPicker } from './ThemeColorPicker';
import { ThemeNamePicker } from './ThemeNamePicker';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';
import { WorkflowBadge } from '@/pages/workflow/WorkflowBadge';

// the settings drawer loads when first opened
const settingsDrawerCode = moduleLoader(() => import('./SettingsDrawer'));

interface Props {
  menu: MenuItem[];
  activeMenuId: string | null;
  versionCode: string;
  onArea(id: string): void;
}

export function TopBar({ menu, activeMenuId, versionCode, onArea }: Props) {
  const { t } = useTranslation();
  const s = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const drawer = useModule(settingsDrawerCode, settingsOpen, () => setSettingsOpen(false));
  return (
    <Layout.Header className="wb-header">
      {s.showCollapse && (
        <HeaderButton
          title={s.collapsed ? t('top.expand') : t('top.collapse')}
          icon={s.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => s.setCollapsed(!s.collapsed)}
          testId="sidebar-collapse"
        />
      )}
      <div className="wb-header-middle">{s.showTopMenu && <TopMenu menu={menu} activeMenuId={activeMenuId} onArea={onArea} />}</div>
      <div className="wb-header-right">
        {s.showSearch && <MenuSearch menu={menu} />}
        <CompanySwitcher />
        <WorkflowBadge menu={menu} />
        <span className="wb-header-sep" />
        {s.showTheme && <ThemeNamePicker />}
        {s.showColor && <ThemeColorPicker />}
        {s.showLock && <LockButton />}
        <RefreshButton />
        {s.showFullscreen && <FullscreenButton />}
        {s.showLog && <ClientLogButton />}
        <LanguageSwitch className="wb-header-btn" />
        <HeaderButton title={t('top.settings')} icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} loading={settingsOpen && !drawer} testId="settings-button" />
        <UserMenu />
      </div>
      {drawer && <drawer.SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} versionCode={versionCode} />}
    </Layout.Header>
  );
}
