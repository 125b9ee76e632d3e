import { useState } from 'react';
import { Alert, Button, Divider, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientConfig } from '@wb/protocol';
import { completeSignIn } from '@/app/session/session-actions';
import { passwordToken } from '@/platform/api/auth-api';
import { ApiError } from '@/platform/api/http';
import { CaptchaImage } from './CaptchaImage';
import { newRandomStr } from './random-str';

interface Fields {
  username: string;
  password: string;
  code?: string;
}

export function LoginForm({ config }: { config: ClientConfig | undefined }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [randomStr, setRandomStr] = useState(newRandomStr);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until the config arrives the captcha is assumed on, as the server has it by default.
  const captcha = config?.captcha ?? true;
  const renewCaptcha = () => setRandomStr(newRandomStr());

  const submit = async (values: Fields) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await passwordToken({ username: values.username.trim(), password: values.password, randomStr: captcha ? randomStr : undefined, code: values.code?.trim() });
      await completeSignIn(reply);
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      setError(text);
      // The server spends a captcha on every try, right or wrong.
      if (captcha) {
        renewCaptcha();
        form.setFieldValue('code', '');
      }
      if (err instanceof ApiError && err.field === 'code') form.setFields([{ name: 'code', errors: [text] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={submit} autoComplete="off" requiredMark={false} data-testid="login-form">
      {error && <Alert className="wb-login-alert" type="error" showIcon title={error} data-testid="login-error" />}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" data-testid="login-username" autoFocus />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {captcha && (
        <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('login.captcha')}
            maxLength={8}
            data-testid="login-captcha"
            suffix={<CaptchaImage randomStr={randomStr} onRenew={renewCaptcha} />}
            className="wb-captcha-input"
          />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
      {config?.oidc.enabled && config.oidc.loginUrl && (
        <>
          <Divider plain className="wb-login-or">{t('login.or')}</Divider>
          <Button block href={config.oidc.loginUrl} data-testid="login-oidc">
            {t('login.oidc')}
          </Button>
        </>
      )}
      <div className="wb-login-links">
        <Link to="/forgetpwd">{t('login.forgot')}</Link>
        <Link to="/register">{t('login.register')}</Link>
      </div>
    </Form>
  );
}
