import { Dropdown } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { THEME_PRESETS } from '@wb/protocol';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/app/session/settings-store';

/** The 8 preset colours (spec section 9); the choice becomes antd's colorPrimary. */
export function ThemeColorSwatches({ testIdPrefix = 'theme-color' }: { testIdPrefix?: string }) {
  const color = useSettings((s) => s.themeColor);
  const setColor = useSettings((s) => s.setThemeColor);
  return (
    <div className="wb-swatches">
      {THEME_PRESETS.map((c) => (
        <button
          type="button"
          key={c}
          className="wb-swatch"
          style={{ background: c }}
          onClick={() => setColor(c)}
          aria-label={c}
          data-testid={`${testIdPrefix}-${c.slice(1)}`}
        >
          {c === color && <CheckOutlined />}
        </button>
      ))}
    </div>
  );
}

export function ThemeColorPicker() {
  const { t } = useTranslation();
  return (
    <Dropdown trigger={['click']} popupRender={() => <div className="wb-popup-panel"><ThemeColorSwatches /></div>}>
      <span className="wb-header-btn wb-header-icon" data-testid="theme-picker" role="button" tabIndex={0} title={t('top.color')} aria-label={t('top.color')}>
        <BgColorsOutlined />
      </span>
    </Dropdown>
  );
}
