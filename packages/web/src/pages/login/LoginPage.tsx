import { useEffect } from 'react';
import { BankOutlined, CheckCircleFilled } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { LanguageToggle } from '@/app/layout/LanguageToggle';
import { CLIENT_CONFIG_KEY } from '@/app/query-client';
import { useSession } from '@/app/session/session-store';
import { fetchClientConfig } from '@/platform/api/workspace-api';
import { BrandMark } from '@/app/layout/BrandMark';
import { CompanyLogo, useCompanyBrand } from '@/platform/branding/CompanyLogo';
import { setProLogin } from '@/app/session/pro-login';
import { lastCompany } from '@/platform/branding/last-company';
import { useEnglish } from '@/i18n/useEnglish';
import { FormNotice } from './FormNotice';
import { LoginForm } from './LoginForm';
import './login.css';

/**
 * 登录: the company's logo (the company of ?org=, else the default one) and the sign-in form. The
 * pro variant (/pro/login) names the company as plain text and keeps it fixed once signed in.
 */
export default function LoginPage({ variant = 'default' }: { variant?: 'default' | 'pro' }) {
  const { t } = useTranslation();
  const english = useEnglish();
  const [params] = useSearchParams();
  const orgParam = params.get('org');
  // the company named in the address, else the one this browser last worked in, else the default
  const orgId = orgParam && /^\d{1,18}$/.test(orgParam) ? orgParam : lastCompany();
  const { data: brand } = useCompanyBrand(orgId);
  useEffect(() => setProLogin(variant === 'pro'), [variant]);
  useDocumentTitle(t('login.welcome'));
  const reason = useSession((s) => s.signOutReason);
  const { data: config, isError: configFailed } = useQuery({ queryKey: CLIENT_CONFIG_KEY, queryFn: fetchClientConfig, staleTime: Infinity });
  const features = t('login.features', { returnObjects: true }) as string[];
  return (
    <div className="wb-login">
      <div className="wb-login-lang">
        <LanguageToggle className="wb-login-lang-btn" />
      </div>
      <section className="wb-login-brand">
        <CompanyLogo orgId={orgId} height={56} fallback={<BrandMark size={56} />} />
        <h1>{t('app.title')}</h1>
        <p className="wb-login-subtitle">{t('app.subtitle')}</p>
        <ul>
          {features.map((f) => (
            <li key={f}>
              <CheckCircleFilled /> {f}
            </li>
          ))}
        </ul>
      </section>
      <section className="wb-login-card">
        <h2>{t('login.welcome')}</h2>
        <p className="wb-login-card-sub">{t('app.title')}</p>
        {variant === 'pro' && brand && (
          <p className="wb-login-company" data-testid="login-company">
            <BankOutlined /> {t('brand.proCompany')}：{english && brand.orgNameEn ? brand.orgNameEn : brand.orgName}
          </p>
        )}
        {reason && <FormNotice type="warning" text={t(reason === 'expired' ? 'login.expired' : 'login.relogin')} testId="login-reason" />}
        <LoginForm config={config} configFailed={configFailed} proOrg={variant === 'pro' ? (brand?.orgId ?? null) : undefined} />
      </section>
      <footer className="wb-login-footer">
        {config?.copyright} {config?.versionCode && <span>· {config.versionCode}</span>}
      </footer>
    </div>
  );
}
