import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locale } from 'antd/es/locale';
import antdZhCN from 'antd/es/locale/zh_CN';
import { APP_TITLE } from '@wb/protocol';
import { zhCN } from './zh-CN';

/** The languages the interface speaks (spec: zh-CN first, en-US switchable). */
export type Language = 'zh-CN' | 'en-US';

let antdEnglish: Locale | null = null;

async function loadEnglish(): Promise<void> {
  if (antdEnglish) return;
  const { english } = await import('./english');
  i18n.addResourceBundle('en-US', 'translation', english.messages, true, true);
  antdEnglish = english.antd;
}

export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN } },
    lng: 'zh-CN',
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false },
    returnObjects: true,
  });
  void applyLanguage(language);
  return i18n;
}

/** antd, dayjs and the document switch language together (spec: zh-CN first, en-US switchable). */
export async function applyLanguage(language: Language): Promise<void> {
  if (language === 'en-US') await loadEnglish();
  dayjs.locale(language === 'zh-CN' ? 'zh-cn' : 'en');
  document.documentElement.lang = language;
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** antd's texts for a language; English falls back to Chinese until its bundle has arrived. */
export function antdLocale(language: string): Locale {
  return language === 'en-US' && antdEnglish ? antdEnglish : antdZhCN;
}

export const isEnglish = (language: string) => language.startsWith('en');

export const langOf = (language: string): 'zh' | 'en' => (isEnglish(language) ? 'en' : 'zh');

/** '{page}——统一称重管控平台' in the current language. */
export function documentTitle(page: string | null, language: string): string {
  const app = APP_TITLE[langOf(language)];
  return page ? `${page}——${app}` : app;
}
