import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { APP_TITLE } from '@wb/protocol';
import { zhCN } from './zh-CN';
import { enUS } from './en-US';
import type { Language } from '@/app/session/settings-store';

export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    lng: language,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    returnObjects: true,
  });
  applyLanguage(language);
  return i18n;
}

/** antd, dayjs and the document switch language together (spec: zh-CN first, en-US switchable). */
export function applyLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
  document.documentElement.lang = language;
}

export const isEnglish = (language: string) => language.startsWith('en');

export const langOf = (language: string): 'zh' | 'en' => (isEnglish(language) ? 'en' : 'zh');

/** '{page}——统一称重管控平台' in the current language. */
export function documentTitle(page: string | null, language: string): string {
  const app = APP_TITLE[langOf(language)];
  return page ? `${page}——${app}` : app;
}
