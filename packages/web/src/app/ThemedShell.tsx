import { type ReactNode, useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { applyLanguage } from '@/i18n';
import { useSettings } from './session/settings-store';
import { antdTheme } from './theme';
import { FeedbackBridge } from './FeedbackBridge';

/** antd's locale, dayjs's locale and the primary colour follow the user's settings together. */
export function ThemedShell({ children }: { children: ReactNode }) {
  const language = useSettings((s) => s.language);
  const themeColor = useSettings((s) => s.themeColor);
  const themeName = useSettings((s) => s.themeName);
  useEffect(() => applyLanguage(language), [language]);
  useEffect(() => {
    document.documentElement.style.setProperty('--wb-primary', themeColor);
    document.body.dataset.theme = themeName;
  }, [themeColor, themeName]);
  return (
    <ConfigProvider locale={language === 'en-US' ? enUS : zhCN} theme={antdTheme(themeColor, themeName)}>
      <AntApp className="wb-app">
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
