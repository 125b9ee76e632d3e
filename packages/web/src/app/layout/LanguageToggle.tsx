import { TranslationOutlined } from '@ant-design/icons';
import { useSettings } from '@/app/session/settings-store';

/**
 * The sign-in page's language switch: a plain button flipping between the two languages, so the
 * page does not load antd's dropdown and menu only for this.
 */
export function LanguageToggle({ className }: { className?: string }) {
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  const next = language === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <button type="button" className={className} onClick={() => setLanguage(next)} data-testid="lang-switch" title={next === 'en-US' ? 'English' : '简体中文'}>
      <TranslationOutlined /> {next === 'en-US' ? 'English' : '中文'}
    </button>
  );
}
