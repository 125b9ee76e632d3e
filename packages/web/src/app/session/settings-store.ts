import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { THEME_COLOR_DEFAULT, THEME_NAME_DEFAULT } from '@wb/protocol';
import { preferenceStore } from '@/platform/storage';
import type { Language } from '@/i18n';

export type { Language };
export type ThemeName = 'theme-white' | 'theme-dark' | 'theme-light';

/** The switches of the settings drawer (spec section 2: settings panel). */
export interface LayoutSwitches {
  showTags: boolean;
  showLog: boolean;
  showTheme: boolean;
  showColor: boolean;
  showFullscreen: boolean;
  showLock: boolean;
  showSearch: boolean;
  showCollapse: boolean;
  showTopMenu: boolean;
  rowHighlight: boolean;
  /** the first-page setting: only with it may the home tab be closed */
  homeClosable: boolean;
}

export interface SettingsState extends LayoutSwitches {
  themeColor: string;
  themeName: ThemeName;
  collapsed: boolean;
  language: Language;
  setSwitch(name: keyof LayoutSwitches, on: boolean): void;
  setThemeColor(color: string): void;
  setThemeName(name: ThemeName): void;
  setCollapsed(collapsed: boolean): void;
  setLanguage(language: Language): void;
}

export const defaultSwitches: LayoutSwitches = {
  showTags: true,
  showLog: true,
  showTheme: true,
  showColor: true,
  showFullscreen: true,
  showLock: true,
  showSearch: true,
  showCollapse: true,
  showTopMenu: true,
  rowHighlight: true,
  homeClosable: false,
};

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSwitches,
      themeColor: THEME_COLOR_DEFAULT,
      themeName: THEME_NAME_DEFAULT,
      collapsed: false,
      language: 'zh-CN',
      setSwitch: (name, on) => set({ [name]: on } as Pick<LayoutSwitches, typeof name>),
      setThemeColor: (themeColor) => set({ themeColor }),
      setThemeName: (themeName) => set({ themeName }),
      setCollapsed: (collapsed) => set({ collapsed }),
      setLanguage: (language) => set({ language }),
    }),
    { name: 'wb-settings', storage: createJSONStorage(() => preferenceStore) },
  ),
);
