import type { ReactNode } from 'react';
import { useEffect } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import { useTranslation } from 'react-i18next';
import { antdLocale, applyLanguage } from '@/i18n';
import { useSettings } from './session/settings-store';
import { antdTheme } from './theme';
import { FeedbackBridge } from './FeedbackBridge';

/** antd's locale, dayjs's locale and the primary colour follow the user's settings together. */
export function ThemedShell({ children }: { children: ReactNode }) {
  const language = useSettings((s) => s.language);
  const themeColor = useSettings((s) => s.themeColor);
  const themeName = useSettings((s) => s.themeName);
  // i18n's language changes only once the English bundle is loaded, so antd follows it, not the setting.
  const { i18n } = useTranslation();
  useEffect(() => void applyLanguage(language), [language]);
  useEffect(() => {
    document.documentElement.style.setProperty('--wb-primary', themeColor);
    document.body.dataset.theme = themeName;
  }, [themeColor, themeName]);
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={antdTheme(themeColor, themeName)}>
      <FeedbackBridge />
      {children}
    </ConfigProvider>
  );
}
