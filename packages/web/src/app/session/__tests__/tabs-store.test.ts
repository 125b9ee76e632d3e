import { beforeEach, describe, expect, it } from 'vitest';
import { useTabs } from '../tabs-store';
import { HOME_PATH, type Tab } from '../tabs';

const tab = (value: string): Tab => ({ value, label: value, labelEn: null, menuId: '1', query: '', keepAlive: true });

beforeEach(() => {
  useTabs.getState().reset();
  useTabs.getState().open(tab(HOME_PATH));
});

describe('tab store', () => {
  it('after a reset, ignores the page being left until home is shown', () => {
    useTabs.getState().open(tab('/purchase/notice'));
    useTabs.getState().reset();
    useTabs.getState().open(tab('/purchase/notice'));
    expect(useTabs.getState().tabs.map((t) => t.value)).toEqual([HOME_PATH]);
    useTabs.getState().open(tab(HOME_PATH));
    useTabs.getState().open(tab('/sale/notice'));
    expect(useTabs.getState().tabs.map((t) => t.value)).toEqual([HOME_PATH, '/sale/notice']);
  });

  it('starts every cached page over on reset', () => {
    const before = useTabs.getState().epoch;
    useTabs.getState().refresh('/sale/notice');
    useTabs.getState().reset();
    expect(useTabs.getState().epoch).toBe(before + 1);
    expect(useTabs.getState().generation).toEqual({});
  });

  it('refresh gives a page a new generation', () => {
    useTabs.getState().refresh('/sale/notice?x=1');
    useTabs.getState().refresh('/sale/notice');
    expect(useTabs.getState().generation['/sale/notice']).toBe(2);
  });
});
