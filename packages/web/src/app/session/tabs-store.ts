import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { sessionStore } from '@/platform/storage';
import { type Tab, closeAllTabs, closeOtherTabs, closeTab, HOME_PATH, homeTab, openTab, tabKey, type CloseOptions } from './tabs';

interface TabsState {
  tabs: Tab[];
  /** bumped per path by the refresh button: a new key remounts the page */
  generation: Record<string, number>;
  /** bumped when the workspace starts over (company switch): every cached page is dropped */
  epoch: number;
  /**
   * Set by a reset until home is shown: the page being left may still render once after the
   * reset (navigation commits in a transition) and must not open its tab again.
   */
  awaitingHome: boolean;
  open(tab: Tab): void;
  close(key: string, activeKey: string, opts: CloseOptions): string | null;
  closeOthers(activeKey: string): void;
  closeAll(): string;
  refresh(path: string): void;
  reset(): void;
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [homeTab],
      generation: {},
      epoch: 0,
      awaitingHome: false,
      open: (tab) =>
        set((s) => {
          if (s.awaitingHome && tab.value !== HOME_PATH) return s;
          return { tabs: openTab(s.tabs, tab), awaitingHome: false };
        }),
      close: (key, activeKey, opts) => {
        const result = closeTab(get().tabs, key, activeKey, opts);
        set({ tabs: result.tabs });
        return result.next;
      },
      closeOthers: (activeKey) => set((s) => ({ tabs: closeOtherTabs(s.tabs, activeKey) })),
      closeAll: () => {
        const result = closeAllTabs();
        set({ tabs: result.tabs, generation: {} });
        return result.next as string;
      },
      refresh: (path) =>
        set((s) => {
          const key = tabKey(path);
          return { generation: { ...s.generation, [key]: (s.generation[key] ?? 0) + 1 } };
        }),
      reset: () => set((s) => ({ tabs: [homeTab], generation: {}, epoch: s.epoch + 1, awaitingHome: true })),
    }),
    {
      name: 'wb-tabs',
      storage: createJSONStorage(() => sessionStore),
      partialize: (s) => ({ tabs: s.tabs }),
    },
  ),
);
