import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { captchaUrl } from '@/platform/api/auth-api';

export function CaptchaImage({ randomStr, onRenew }: { randomStr: string; onRenew(): void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('login.captchaTitle')}>
      <img
        className="wb-captcha"
        data-testid="captcha-image"
        src={captchaUrl(randomStr)}
        alt={t('login.captcha')}
        onClick={onRenew}
      />
    </Tooltip>
  );
}
