import type { MenuProps } from 'antd';
import type { MenuItem } from '@wb/protocol';
import { leafPaths, menuLabel } from '@/platform/menu/menu-routes';
import { MenuIcon } from './MenuIcon';

type AntItem = Required<MenuProps>['items'][number];

/** The server's menu tree as antd menu items, keyed by menu id. */
export function toAntItems(items: readonly MenuItem[], english: boolean, depth = 0): AntItem[] {
  return items.map((item) => {
    // a folder's title names the pages below it, so a page can be found inside a second-level folder
    const below = item.children.length ? leafPaths(item).join(' ') : undefined;
    const label = <span data-testid={`menu-${item.path}`} data-menu-leaves={below}>{menuLabel(item, english)}</span>;
    const icon = depth === 0 ? <MenuIcon name={item.icon ?? 'AppstoreOutlined'} /> : <MenuIcon name={item.icon} />;
    return item.children.length
      ? { key: item.id, label, icon, children: toAntItems(item.children, english, depth + 1) }
      : { key: item.id, label, icon };
  });
}

export function findMenuItem(items: readonly MenuItem[], id: string): MenuItem | null {
  for (const item of items) {
    if (item.id === id) return item;
    const below = findMenuItem(item.children, id);
    if (below) return below;
  }
  return null;
}
