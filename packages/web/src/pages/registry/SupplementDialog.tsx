import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { CardReaderError, writeCard } from '@/platform/card-reader/bridge-client';
import { supplementCard } from './api';
import { CardStatus } from './CardStatus';
import { useRegistryTexts } from './texts';
import { useCardRead } from './useCardRead';

/**
 * 补卡: the card on the reader bound to the selected registry (the server refuses a lost card or one
 * another open trip holds), then the registry number and plate written onto it.
 */
export function SupplementDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const t = useRegistryTexts();
  const { state, again } = useCardRead();
  const [busy, setBusy] = useState(false);
  const [writeProblem, setWriteProblem] = useState<string | null>(null);
  const row = ctx.selectedRows[0] ?? {};
  const bind = async () => {
    if (state.status !== 'read') return;
    setBusy(true);
    try {
      const bound = await supplementCard(ctx.base, ctx.selectedIds[0], state.card.uid);
      try {
        await writeCard([bound.registryNo, bound.plateNumber]);
      } catch (err) {
        if (!(err instanceof CardReaderError)) throw err;
        setWriteProblem(t('writeFailed', { message: err.message }));
        ctx.refresh();
        return;
      }
      feedback.success(t('bound', { card: bound.cardNo, code: bound.registryNo }));
      ctx.refresh();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('supplementFor', { code: String(row.registryNo ?? ''), plate: String(row.plateNumber ?? '') })} onCancel={onClose} data-testid="registry-supplement"
      footer={[
        <Button key="again" onClick={again}>{t('readAgain')}</Button>,
        <Button key="bind" type="primary" disabled={state.status !== 'read'} loading={busy} onClick={() => void bind()} data-testid="card-bind">{t('bind')}</Button>,
      ]}>
      <CardStatus state={state} />
      {writeProblem && <Alert type="warning" showIcon message={writeProblem} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
