import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettings, type Language } from '@/app/session/settings-store';

const LANGUAGES: { key: Language; label: string }[] = [
  { key: 'zh-CN', label: '简体中文' },
  { key: 'en-US', label: 'English' },
];

export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l.key, label: <span data-testid={`lang-${l.key}`}>{l.label}</span> })),
        onClick: ({ key }) => setLanguage(key as Language),
      }}
    >
      {/* A title, not a tooltip: a tooltip below the button would cover the menu it opens. */}
      <Button type="text" className={className} data-testid="lang-switch" icon={<TranslationOutlined />} title={t('top.language')}>
        {language === 'zh-CN' ? '中文' : 'EN'}
      </Button>
    </Dropdown>
  );
}
