import type { ThemeConfig } from 'antd';
import type { ThemeName } from './session/settings-store';

/** The sidebar and header colours of each theme name; the primary colour is the user's choice. */
export const THEME_SURFACES: Record<ThemeName, { sider: string; siderDeep: string; header: string; headerText: string; darkMenu: boolean; darkHeader: boolean }> = {
  'theme-white': { sider: '#1d2433', siderDeep: '#151b27', header: '#ffffff', headerText: '#1f2329', darkMenu: true, darkHeader: false },
  'theme-dark': { sider: '#141a26', siderDeep: '#0e131c', header: '#1d2433', headerText: '#e8ecf3', darkMenu: true, darkHeader: true },
  'theme-light': { sider: '#ffffff', siderDeep: '#f5f7fa', header: '#ffffff', headerText: '#1f2329', darkMenu: false, darkHeader: false },
};

export function antdTheme(primary: string, name: ThemeName): ThemeConfig {
  const surface = THEME_SURFACES[name];
  return {
    cssVar: { key: 'wb' },
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: { siderBg: surface.sider, headerBg: surface.header, headerPadding: '0 16px', headerHeight: 56, bodyBg: '#f0f2f5' },
      Menu: {
        darkItemBg: surface.sider,
        darkSubMenuItemBg: surface.siderDeep,
        darkItemSelectedBg: primary,
        itemBorderRadius: 4,
      },
    },
  };
}
