import { Dropdown } from 'antd';
import { SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettings, type ThemeName } from '@/app/session/settings-store';

const THEMES: ThemeName[] = ['theme-white', 'theme-dark', 'theme-light'];

export function ThemeNamePicker() {
  const { t } = useTranslation();
  const themeName = useSettings((s) => s.themeName);
  const setThemeName = useSettings((s) => s.setThemeName);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [themeName],
        items: THEMES.map((k) => ({ key: k, label: t(`top.themes.${k}`) })),
        onClick: ({ key }) => setThemeName(key as ThemeName),
      }}
    >
      <span className="wb-header-btn wb-header-icon" data-testid="theme-name-picker" role="button" tabIndex={0} title={t('top.theme')} aria-label={t('top.theme')}>
        <SkinOutlined />
      </span>
    </Dropdown>
  );
}
