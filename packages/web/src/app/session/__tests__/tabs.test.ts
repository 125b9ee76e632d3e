import { describe, expect, it } from 'vitest';
import { HOME_PATH, type Tab, closeAllTabs, closeOtherTabs, closeTab, homeTab, openTab, tabKey } from '../tabs';

const tab = (value: string, query = ''): Tab => ({ value, label: value, labelEn: null, menuId: value, query, keepAlive: false });
const opts = { homeClosable: false };

describe('tab rules', () => {
  it('keys a tab by its path without query', () => {
    expect(tabKey('/purchase/notice?id=3')).toBe('/purchase/notice');
    expect(tabKey('/purchase/notice/')).toBe('/purchase/notice');
    const tabs = openTab(openTab([homeTab], tab('/a', 'x=1')), tab('/a?x=2', 'x=2'));
    expect(tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a']);
    expect(tabs[1].query).toBe('x=2');
  });

  it('never adds home as an extra tab', () => {
    expect(openTab([homeTab, tab('/a')], tab(HOME_PATH))).toHaveLength(2);
  });

  it('puts home back in front when it was closed under the first-page setting', () => {
    expect(openTab([tab('/a')], tab(HOME_PATH)).map((t) => t.value)).toEqual([HOME_PATH, '/a']);
  });

  it('refuses to close the last remaining tab', () => {
    expect(closeTab([tab('/a')], '/a', '/a', { homeClosable: true }).tabs).toHaveLength(1);
  });

  it('refuses to close home unless the first-page setting is on', () => {
    const tabs = [homeTab, tab('/a')];
    expect(closeTab(tabs, HOME_PATH, '/a', opts).tabs).toHaveLength(2);
    expect(closeTab(tabs, HOME_PATH, '/a', { homeClosable: true }).tabs.map((t) => t.value)).toEqual(['/a']);
  });

  it('opens the previous tab when the active one closes', () => {
    const r = closeTab([homeTab, tab('/a'), tab('/b', 'k=1'), tab('/c')], '/b', '/b', opts);
    expect(r.tabs.map((t) => t.value)).toEqual([HOME_PATH, '/a', '/c']);
    expect(r.next).toBe('/a');
  });

  it('opens the new first tab when the first one was active and closed', () => {
    const r = closeTab([homeTab, tab('/a', 'q=1'), tab('/b')], HOME_PATH, HOME_PATH, { homeClosable: true });
    expect(r.next).toBe('/a?q=1');
  });

  it('stays where it is when an inactive tab closes', () => {
    expect(closeTab([homeTab, tab('/a'), tab('/b')], '/a', '/b', opts).next).toBeNull();
  });

  it('close others keeps home and the current tab', () => {
    expect(closeOtherTabs([homeTab, tab('/a'), tab('/b'), tab('/c')], '/b').map((t) => t.value)).toEqual([HOME_PATH, '/b']);
    expect(closeOtherTabs([homeTab, tab('/a')], HOME_PATH).map((t) => t.value)).toEqual([HOME_PATH]);
  });

  it('close all returns to the first page', () => {
    expect(closeAllTabs()).toEqual({ tabs: [homeTab], next: HOME_PATH });
  });
  it('refuses to open the wall board (/clouds/index1) as a tab', () => {
    const tabs = [homeTab];
    expect(openTab(tabs, tab('/clouds/index1'))).toBe(tabs);
  });
});
