import { type FormEvent, useState } from 'react';
import { Button } from 'antd';
// The input modules alone: antd's Input index also loads TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientConfig } from '@wb/protocol';
import { oidcLoginHref } from '@/app/routing/redirect';
import { completeSignIn } from '@/app/session/session-actions';
import { useSession } from '@/app/session/session-store';
import { passwordToken, proPasswordToken } from '@/platform/api/auth-api';
import { ApiError } from '@/platform/api/http';
import { CaptchaImage } from './CaptchaImage';
import { FormNotice } from './FormNotice';
import { loginFieldErrors, type LoginFieldErrors, type LoginFields } from './login-fields';
import { newRandomStr } from './random-str';

/**
 * The sign-in form. Three required fields need no form library; leaving antd's Form out keeps the
 * first page every visitor loads well under its size budget.
 */
export function LoginForm({ config, configFailed, proOrg }: { config: ClientConfig | undefined; configFailed: boolean; proOrg?: string | null }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<LoginFields>({ username: '', password: '', code: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [randomStr, setRandomStr] = useState(newRandomStr);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const historyUrl = useSession((s) => s.historyUrl);
  // Without the config the captcha is assumed on, as the server has it by default.
  const captcha = config ? config.captcha : configFailed;
  const renewCaptcha = () => setRandomStr(newRandomStr());
  const set = (name: keyof LoginFields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setErrors((x) => ({ ...x, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = loginFieldErrors(fields, captcha);
    setErrors(missing);
    if (Object.keys(missing).length) return;
    if (proOrg === null) return setError(t('login.proNoCompany'));
    setBusy(true);
    setError(null);
    try {
      const grant = {
        username: fields.username.trim(), password: fields.password, randomStr: captcha ? randomStr : undefined, code: captcha ? fields.code.trim() : undefined,
      };
      // the pro page signs in to its company through the pro token call
      const reply = typeof proOrg === 'string' ? await proPasswordToken({ ...grant, org: proOrg }) : await passwordToken(grant);
      await completeSignIn(reply);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      // The server spends a captcha on every try, right or wrong.
      if (captcha) {
        renewCaptcha();
        setFields((f) => ({ ...f, code: '' }));
      }
      if (err instanceof ApiError && err.field === 'password') setFields((f) => ({ ...f, password: '' }));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (name: keyof LoginFields) =>
    errors[name] ? <div className="wb-field-error" data-testid={`login-${name}-error`}>{t(`login.${errors[name]}`)}</div> : null;

  return (
    <form onSubmit={submit} autoComplete="off" noValidate data-testid="login-form" className="wb-login-form">
      {error && <FormNotice type="error" text={error} testId="login-error" />}
      <div className="wb-field">
        <Input
          size="large" prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" autoFocus
          value={fields.username} onChange={set('username')} status={errors.username ? 'error' : undefined} data-testid="login-username"
        />
        {fieldError('username')}
      </div>
      <div className="wb-field">
        <Password
          size="large" prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password"
          value={fields.password} onChange={set('password')} status={errors.password ? 'error' : undefined} data-testid="login-password"
        />
        {fieldError('password')}
      </div>
      {captcha && (
        <div className="wb-field">
          <Input
            size="large" prefix={<SafetyOutlined />} placeholder={t('login.captcha')} maxLength={8} className="wb-captcha-input"
            value={fields.code} onChange={set('code')} status={errors.code ? 'error' : undefined} data-testid="login-captcha"
            suffix={<CaptchaImage randomStr={randomStr} onRenew={renewCaptcha} />}
          />
          {fieldError('code')}
        </div>
      )}
      <Button type="primary" size="large" htmlType="submit" block loading={busy} data-testid="login-submit">
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
      {config?.oidc.enabled && config.oidc.loginUrl && (
        <>
          <div className="wb-login-or">{t('login.or')}</div>
          <Button size="large" block href={oidcLoginHref(config.oidc.loginUrl, historyUrl)} data-testid="login-oidc">
            {t('login.oidc')}
          </Button>
        </>
      )}
      <div className="wb-login-links">
        <Link to="/forgetpwd">{t('login.forgot')}</Link>
        <Link to="/register">{t('login.register')}</Link>
      </div>
    </form>
  );
}
