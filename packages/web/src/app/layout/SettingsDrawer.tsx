import { Descriptions, Divider, Drawer, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/app/hooks/useClientConfig';
import { useSettings, type LayoutSwitches, type ThemeName } from '@/app/session/settings-store';
import { ThemeColorSwatches } from './ThemeColorPicker';

const SWITCHES: (keyof LayoutSwitches)[] = [
  'showTags', 'showLog', 'showTheme', 'showColor', 'showFullscreen', 'showLock', 'showSearch', 'showCollapse', 'showTopMenu',
  'rowHighlight', 'homeClosable',
];

/** Settings panel (title 版权信息): version and copyright, then the layout switches, kept per browser. */
export function SettingsDrawer({ open, onClose, versionCode }: { open: boolean; onClose(): void; versionCode: string }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const settings = useSettings();
  return (
    <Drawer title={t('settings.title')} open={open} onClose={onClose} size={340}>
      <div data-testid="settings-drawer">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('settings.version')}>{versionCode || config?.versionCode}</Descriptions.Item>
        </Descriptions>
        <p className="wb-copyright">{config?.copyright}</p>
        <Divider titlePlacement="start">{t('top.color')}</Divider>
        <ThemeColorSwatches testIdPrefix="setting-color" />
        <Divider titlePlacement="start">{t('top.theme')}</Divider>
        <Radio.Group
          value={settings.themeName}
          onChange={(e) => settings.setThemeName(e.target.value as ThemeName)}
          options={(['theme-white', 'theme-dark', 'theme-light'] as const).map((k) => ({ value: k, label: t(`top.themes.${k}`) }))}
        />
        <Divider titlePlacement="start">{t('settings.layout')}</Divider>
        {SWITCHES.map((name) => (
          <div className="wb-setting-row" key={name}>
            <span>{t(`settings.${name}`)}</span>
            <Switch size="small" checked={settings[name]} onChange={(on) => settings.setSwitch(name, on)} data-testid={`setting-${name}`} />
          </div>
        ))}
      </div>
    </Drawer>
  );
}
