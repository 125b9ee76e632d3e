import { useMemo } from 'react';
import { Menu } from 'antd';
import type { MenuItem } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { useOpenLeaf } from '@/app/hooks/useOpenLeaf';
import { flattenLeaves, menuLabel, menuTrail } from '@/platform/menu/menu-routes';
import { useSettings } from '@/app/session/settings-store';
import { THEME_SURFACES } from '@/app/theme';
import { MenuIcon } from './MenuIcon';

/** The horizontal menu of top-level areas: a click opens the area in the sidebar and its first page. */
export function TopMenu({ menu, activeMenuId, onArea }: { menu: MenuItem[]; activeMenuId: string | null; onArea(id: string): void }) {
  const english = useEnglish();
  const darkHeader = useSettings((s) => THEME_SURFACES[s.themeName].darkHeader);
  const openLeaf = useOpenLeaf();
  const items = useMemo(
    () => menu.map((m) => ({ key: m.id, label: menuLabel(m, english), icon: <MenuIcon name={m.icon ?? 'AppstoreOutlined'} /> })),
    [menu, english],
  );
  const activeArea = activeMenuId ? menuTrail(menu, activeMenuId)[0] : undefined;
  const onClick = ({ key }: { key: string }) => {
    const area = menu.find((m) => m.id === key);
    if (!area) return;
    onArea(area.id);
    const first = flattenLeaves([area])[0];
    if (first) openLeaf(first);
  };
  return (
    <Menu
      className="wb-top-menu"
      mode="horizontal"
      theme={darkHeader ? 'dark' : 'light'}
      items={items}
      selectedKeys={activeArea ? [activeArea] : []}
      onClick={onClick}
      data-testid="top-menu"
    />
  );
}
