import { useTranslation } from 'react-i18next';
import './layouts.css';

/** A template whose style this container has no layout for: said on the screen, not a crash. */
export function UnknownStyle({ style }: { style: string }) {
  const { t } = useTranslation();
  return <div className="wb-unknown-style">{t('listScreen.unknownStyle', { style })}</div>;
}
