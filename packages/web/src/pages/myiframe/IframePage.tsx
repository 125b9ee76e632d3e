import { Button, Result } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePage } from '@/app/layout/page-context';
import './iframe.css';

/** Only web addresses are embedded: a menu path like javascript: must never run in the workspace. */
function safeSource(src: string | null): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** An external page of the menu, embedded in the workspace (/myiframe/{menu id}?src=…&name=…). */
export default function IframePage() {
  const { t } = useTranslation();
  const { query, page } = usePage();
  const src = safeSource(query.get('src'));
  if (!src) return <Result status="warning" title={t('iframe.missing')} />;
  return (
    <div className="wb-iframe" data-testid="iframe-page">
      <div className="wb-iframe-bar">
        <span>{page.label}</span>
        <Button size="small" type="link" icon={<ExportOutlined />} href={src} target="_blank" rel="noopener">
          {t('iframe.open')}
        </Button>
      </div>
      <iframe title={page.label} src={src} />
    </div>
  );
}
