import { useRef } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/app/session/session-store';
import { BrandMark } from '@/app/layout/BrandMark';
import { removeLogo, uploadLogo } from '@/platform/branding/branding-api';
import { useCompanyBrand } from '@/platform/branding/CompanyLogo';
import { logoUrl } from '@/platform/branding/branding-api';
import { feedback } from '@/platform/feedback';

type Kind = 'main' | 'small';

/**
 * 公司标识: the current company's main and small logos (the sidebar, the sign-in page, the printed
 * ticket and the statements' letterhead), each uploaded or removed here; the server fits them to
 * their size. Shown to those holding 组织机构's edit right.
 */
export function CompanyLogosCard() {
  const { t } = useTranslation();
  const orgId = useSession((s) => s.userInfo?.currentOrg ?? null);
  const orgName = useSession((s) => s.userInfo?.currentOrgName ?? '');
  const { data: brand } = useCompanyBrand(orgId);
  const client = useQueryClient();
  const pickers = { main: useRef<HTMLInputElement>(null), small: useRef<HTMLInputElement>(null) };
  const refresh = () => client.invalidateQueries({ queryKey: ['company-brand'] });

  const send = async (kind: Kind, file: File | undefined) => {
    if (!file) return;
    await uploadLogo(kind, file);
    await refresh();
    feedback.success(t('brand.logoUpdated'));
  };
  const drop = async (kind: Kind) => {
    await removeLogo(kind);
    await refresh();
    feedback.success(t('brand.logoRemoved'));
  };

  const slot = (kind: Kind) => {
    const name = kind === 'main' ? brand?.logoMain : brand?.logoSmall;
    return (
      <div className="wb-logo-slot" data-testid={`logo-slot-${kind}`}>
        <span className="wb-logo-label">{t(kind === 'main' ? 'brand.logoMain' : 'brand.logoSmall')}</span>
        <div className={`wb-logo-preview wb-logo-preview-${kind}`}>
          {name ? <img src={logoUrl(name)} alt="" data-logo={name} /> : <BrandMark size={40} />}
        </div>
        <input ref={pickers[kind]} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden data-testid={`logo-input-${kind}`}
          onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; void send(kind, f).catch(() => undefined); }} />
        <Space size={4}>
          <Button size="small" icon={<UploadOutlined />} onClick={() => pickers[kind].current?.click()}>{t('brand.upload')}</Button>
          {name && <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void drop(kind).catch(() => undefined)}>{t('brand.remove')}</Button>}
        </Space>
        {!name && <small className="wb-muted">{t('brand.noLogo')}</small>}
      </div>
    );
  };

  return (
    <div className="wb-card wb-logos-card" data-testid="company-logos">
      <div className="wb-logos-title"><strong>{t('brand.logos')}</strong> <span className="wb-muted">{orgName}</span></div>
      <div className="wb-logos-slots">{slot('main')}{slot('small')}</div>
      <small className="wb-muted">{t('brand.logoHint')}</small>
    </div>
  );
}
