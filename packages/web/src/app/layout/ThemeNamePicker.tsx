import { Dropdown, Tooltip } from 'antd';
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
      <Tooltip title={t('top.theme')} placement="bottom">
        <span className="wb-header-btn wb-header-icon" data-testid="theme-name-picker" role="button" tabIndex={0} aria-label={t('top.theme')}>
          <SkinOutlined />
        </span>
      </Tooltip>
    </Dropdown>
  );
}
