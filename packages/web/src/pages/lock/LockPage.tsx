import { useState } from 'react';
import { Avatar, Button, Form } from 'antd';
import Password from 'antd/es/input/Password';
import { LockOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { useSession } from '@/app/session/session-store';
import { endSession, unlockScreen } from '@/app/session/session-actions';
import { useClock } from './useClock';
import '@/pages/login/login.css';
import './lock.css';

export default function LockPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('lock.title'));
  const user = useSession((s) => s.userInfo);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const now = useClock();

  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    setError(null);
    try {
      await unlockScreen(password);
    } catch (err) {
      setError((err as Error).message || t('lock.wrong'));
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wb-login wb-lock" data-testid="lock-page">
      <div className="wb-lock-clock">
        <div className="wb-lock-time">{now.format('HH:mm')}</div>
        <div className="wb-lock-date">{now.format('LL dddd')}</div>
      </div>
      <section className="wb-lock-card">
        <Avatar size={72} icon={<UserOutlined />} className="wb-lock-avatar" />
        <div className="wb-lock-name">{user?.realName ?? ''}</div>
        <div className="wb-lock-hint">
          <LockOutlined /> {t('lock.title')} · {t('lock.hint')}
        </div>
        <Form form={form} onFinish={submit} className="wb-lock-form">
          <Form.Item name="password" rules={[{ required: true, message: t('lock.required') }]} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
            <Password size="large" placeholder={t('lock.password')} autoFocus data-testid="lock-password" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" size="large" htmlType="submit" block loading={busy} icon={<UnlockOutlined />} data-testid="unlock-submit">
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" className="wb-lock-signout" onClick={() => endSession()} data-testid="lock-signout">
          {t('lock.signOut')}
        </Button>
      </section>
    </div>
  );
}
