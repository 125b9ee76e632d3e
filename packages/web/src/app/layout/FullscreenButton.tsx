import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFullscreen } from '@/app/hooks/useFullscreen';
import { HeaderButton } from './HeaderButton';

export function FullscreenButton() {
  const { t } = useTranslation();
  const [on, toggle] = useFullscreen();
  return (
    <HeaderButton
      title={on ? t('top.exitFullscreen') : t('top.fullscreen')}
      icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
      testId="fullscreen-button"
    />
  );
}
