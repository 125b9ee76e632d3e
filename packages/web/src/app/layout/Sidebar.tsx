import { useEffect, useMemo, useState } from 'react';
import { Layout, Menu } from 'antd';
import type { MenuItem } from '@wb/protocol';
import { shortVersion } from '@wb/protocol';
import { useTranslation } from 'react-i18next';
import { useEnglish } from '@/i18n/useEnglish';
import { useOpenLeaf } from '@/app/hooks/useOpenLeaf';
import { useSettings } from '@/app/session/settings-store';
import { menuTrail } from '@/platform/menu/menu-routes';
import { THEME_SURFACES } from '@/app/theme';
import { BrandMark } from '@/app/layout/BrandMark';
import { CompanyLogo } from '@/platform/branding/CompanyLogo';
import { rememberCompany } from '@/platform/branding/last-company';
import { useSession } from '@/app/session/session-store';
import { findMenuItem, toAntItems } from './menu-items';

interface Props {
  menu: MenuItem[];
  activeMenuId: string | null;
  versionCode: string;
  screen: 0 | 1 | 2 | 3;
  /** a top-menu click asks the sidebar to open that area */
  focusAreaId: string | null;
}

export function Sidebar({ menu, activeMenuId, versionCode, screen, focusAreaId }: Props) {
  const { t } = useTranslation();
  const english = useEnglish();
  const collapsed = useSettings((s) => s.collapsed);
  const setCollapsed = useSettings((s) => s.setCollapsed);
  const themeName = useSettings((s) => s.themeName);
  const openLeaf = useOpenLeaf();
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  // the sign-in page shows this company's logo next time
  useEffect(() => rememberCompany(orgId), [orgId]);
  const trail = useMemo(() => (activeMenuId ? menuTrail(menu, activeMenuId) : []), [menu, activeMenuId]);
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));

  useEffect(() => setOpenKeys(trail.slice(0, -1)), [trail]);
  useEffect(() => {
    if (focusAreaId) setOpenKeys([focusAreaId]);
  }, [focusAreaId]);

  // Single-open: opening a submenu closes its siblings and their descendants.
  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(opened ? menuTrail(menu, opened) : keys);
  };

  const onClick = ({ key }: { key: string }) => {
    const item = findMenuItem(menu, key);
    if (!item) return;
    openLeaf(item);
    if (screen < 2) setCollapsed(true);
  };

  const items = useMemo(() => toAntItems(menu, english), [menu, english]);
  const dark = THEME_SURFACES[themeName].darkMenu;
  return (
    <Layout.Sider
      className="wb-sider"
      width={224}
      collapsedWidth={screen === 0 ? 0 : 64}
      collapsed={collapsed}
      theme={dark ? 'dark' : 'light'}
      trigger={null}
      data-testid="sidebar"
    >
      <div className="wb-sider-logo">
        {/* the company's logo from the server: the small one when collapsed (spec: logo, GET imgView/{name}) */}
        <CompanyLogo orgId={orgId} small={collapsed} height={30} maxWidth={collapsed ? 30 : 72} fallback={<BrandMark size={30} />} />
        {!collapsed && <span className="wb-sider-title" title={t('app.title')}>{t('app.short')}</span>}
      </div>
      <div className="wb-sider-menu">
        <Menu
          mode="inline"
          theme={dark ? 'dark' : 'light'}
          items={items}
          selectedKeys={activeMenuId ? [activeMenuId] : []}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={onOpenChange}
          onClick={onClick}
          inlineIndent={20}
        />
      </div>
      <div className="wb-sider-version" data-testid="version-code" title={versionCode}>
        {collapsed ? shortVersion(versionCode) : versionCode}
      </div>
    </Layout.Sider>
  );
}
