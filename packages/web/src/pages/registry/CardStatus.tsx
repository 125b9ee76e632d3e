import { Alert, Spin } from 'antd';
import type { CardReadState } from './useCardRead';
import { useRegistryTexts } from './texts';

/** What the reader did: reading, the card's serial, or why no card was read. */
export function CardStatus({ state }: { state: CardReadState }) {
  const t = useRegistryTexts();
  if (state.status === 'reading') return <Spin tip={t('reading')} data-testid="card-reading"><div style={{ minHeight: 48 }} /></Spin>;
  if (state.status === 'failed') return <Alert type="error" showIcon message={state.message} data-testid="card-error" />;
  return <Alert type="success" showIcon message={`${t('cardUid')}: ${state.card.uid}`} data-testid="card-uid" />;
}
