import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePage } from '@/app/layout/page-context';
import { useSession } from '@/app/session/session-store';
import { useSettings } from '@/app/session/settings-store';
import { HOME_PATH } from '@/app/session/tabs';
import { useTabs } from '@/app/session/tabs-store';
import { langOf } from '@/i18n';
import { modifyPassword } from '@/platform/api/auth-api';
import { newPasswordIssues } from './new-password-check';
import './editpwd.css';

interface Fields {
  password: string;
  newpassword1: string;
  confirm: string;
}

/**
 * 修改密码. The session stays open after a change (the server ends the user's other sessions and
 * keeps this one), so the user goes on working from the home page.
 */
export default function EditPasswordPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { query, path } = usePage();
  const user = useSession((s) => s.userInfo);
  const homeClosable = useSettings((s) => s.homeClosable);
  const closeTab = useTabs((s) => s.close);
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const forced = query.get('type') === 'default';
  const lang = langOf(i18n.language);

  const submit = async (values: Fields) => {
    if (!user) return;
    setBusy(true);
    setError(null);
    try {
      await modifyPassword(user.user.id, values.password, values.newpassword1);
      message.success(t('editpwd.success'));
      form.resetFields();
      closeTab(path, path, { homeClosable });
      navigate(HOME_PATH, { replace: true });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wb-card wb-editpwd" data-testid="editpwd-page">
      <h3 className="wb-editpwd-title">{t('editpwd.title')}</h3>
      {forced && <Alert type="warning" showIcon className="wb-editpwd-alert" title={t('editpwd.forced')} data-testid="editpwd-forced" />}
      {error && <Alert type="error" showIcon className="wb-editpwd-alert" title={error} data-testid="editpwd-error" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark autoComplete="off">
        <Form.Item name="password" label={t('editpwd.old')} rules={[{ required: true, message: t('editpwd.oldRequired') }]}>
          <Input.Password autoComplete="current-password" data-testid="editpwd-old" />
        </Form.Item>
        <Form.Item
          name="newpassword1"
          label={t('editpwd.new')}
          extra={t('editpwd.rules')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('editpwd.newRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) => {
                if (!value) return Promise.resolve();
                const issues = newPasswordIssues(value, user?.username ?? '', getFieldValue('password') ?? '', lang, t('editpwd.same'));
                return issues.length ? Promise.reject(new Error(issues[0])) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="editpwd-new" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('editpwd.confirm')}
          dependencies={['newpassword1']}
          rules={[
            { required: true, message: t('editpwd.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('newpassword1') ? Promise.resolve() : Promise.reject(new Error(t('editpwd.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="editpwd-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="editpwd-submit">
          {t('editpwd.submit')}
        </Button>
      </Form>
    </div>
  );
}
