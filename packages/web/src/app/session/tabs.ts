import { isStandalonePage, tabKey } from '@/platform/menu/menu-routes';

/** A workspace tab (spec section 3: label, value = path, query, menuId). */
export interface Tab {
  value: string;
  label: string;
  labelEn: string | null;
  menuId: string | null;
  /** the search string without '?', restored when the tab is clicked */
  query: string;
  keepAlive: boolean;
}

export const HOME_PATH = '/clouds/index';

export const homeTab: Tab = { value: HOME_PATH, label: '首页', labelEn: 'Home', menuId: null, query: '', keepAlive: true };

export interface CloseOptions {
  homeClosable: boolean;
}

export { tabKey };

export function tabHref(tab: Pick<Tab, 'value' | 'query'>): string {
  return tab.query ? `${tab.value}?${tab.query}` : tab.value;
}

/**
 * Opens (or refreshes) the tab of a visited page. Home is the first tab and never an extra one;
 * when the first-page setting allowed closing it, visiting it again puts it back in front.
 */
export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const key = tabKey(tab.value);
  // the wall board and its kind stand alone: never a tab
  if (isStandalonePage(key)) return tabs;
  const next = { ...tab, value: key };
  const at = tabs.findIndex((t) => t.value === key);
  if (at >= 0) {
    const old = tabs[at];
    if (old.query === next.query && old.label === next.label && old.labelEn === next.labelEn) return tabs;
    return tabs.map((t, i) => (i === at ? { ...old, query: next.query, label: next.label, labelEn: next.labelEn } : t));
  }
  if (key === HOME_PATH) return [{ ...homeTab, query: next.query }, ...tabs];
  return [...tabs, next];
}

export function canCloseTab(tabs: Tab[], key: string, opts: CloseOptions): boolean {
  if (tabs.length <= 1) return false;
  if (key === HOME_PATH && !opts.homeClosable) return false;
  return tabs.some((t) => t.value === key);
}

export interface CloseResult {
  tabs: Tab[];
  /** where to go when the active tab was closed, else null */
  next: string | null;
}

/** Closing the active tab opens the one before it, or the new first tab when it was the first. */
export function closeTab(tabs: Tab[], key: string, activeKey: string, opts: CloseOptions): CloseResult {
  if (!canCloseTab(tabs, key, opts)) return { tabs, next: null };
  const at = tabs.findIndex((t) => t.value === key);
  const rest = tabs.filter((_, i) => i !== at);
  if (key !== activeKey) return { tabs: rest, next: null };
  const target = at > 0 ? tabs[at - 1] : rest[0];
  return { tabs: rest, next: tabHref(target) };
}

/** 关闭其他: keeps home and the current tab. */
export function closeOtherTabs(tabs: Tab[], activeKey: string): Tab[] {
  const home = tabs.find((t) => t.value === HOME_PATH) ?? homeTab;
  const current = tabs.find((t) => t.value === activeKey);
  return current && current.value !== HOME_PATH ? [home, current] : [home];
}

/** 关闭全部: back to the first page alone. */
export function closeAllTabs(): CloseResult {
  return { tabs: [homeTab], next: HOME_PATH };
}
