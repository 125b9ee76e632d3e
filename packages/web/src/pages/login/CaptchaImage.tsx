import { useTranslation } from 'react-i18next';
import { captchaUrl } from '@/platform/api/auth-api';

export function CaptchaImage({ randomStr, onRenew }: { randomStr: string; onRenew(): void }) {
  const { t } = useTranslation();
  return (
    <img
      className="wb-captcha"
      data-testid="captcha-image"
      src={captchaUrl(randomStr)}
      alt={t('login.captcha')}
      onClick={onRenew}
      title={t('login.captchaTitle')}
    />
  );
}
